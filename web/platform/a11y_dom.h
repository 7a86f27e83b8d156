// The semantic mirror's DOM side (its collecting side is web/ui/a11y.h): after each frame, what changed in the
// notes of the widgets and texts drawn goes to the page, which keeps one HTML element per note in a layer over
// the canvas (#attnlab-a11y: transparent, each element over the region where its widget is drawn, in the
// interface's language). A frame that draws what the last one drew calls no JavaScript at all.
//
// The elements are real controls: a <button>, an <input type=range> with its range and aria-valuetext, a <select>,
// checkboxes, radios, tabs in a tablist, headings with an aria-expanded button for the collapsing headers, text
// fields, paragraphs. Activating one, or changing its value (a screen reader, Tab and the arrow keys, Enter,
// Space), goes back to web/ui/a11y.h, and the widget applies it in the next frame as the pointer would. Keys
// pressed in the layer stay out of SDL's hands (SDL would cancel their default: Tab, Space, the arrows), and Tab
// always belongs to the browser, so focus moves in and out of the page (no keyboard trap). On the desktop the
// widgets are still noted each frame, but no change is computed and nothing is sent.
#pragma once

namespace attnlab {

struct App;

// Before ImGui::NewFrame.
void mirror_begin_frame();
// After ImGui::NewFrame: Escape pressed in the layer closes the open popup and the drawer.
void mirror_new_frame(App& app);
// After ImGui::Render: hands the page what changed.
void mirror_after_frame();
// Off: the layer is emptied and the widgets note nothing (the page benchmark's figure of the mirror's cost); on:
// the layer is made again from the next frame.
void mirror_enable(bool on);

}  // namespace attnlab
