#include "web/platform/a11y_dom.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "imgui.h"
#include "imgui_internal.h"  // ClosePopupToLevel
#include "web/app/app.h"
#include "web/platform/platform.h"
#include "web/ui/a11y.h"
#include "web/ui/strings.h"

namespace attnlab {

#if defined(__EMSCRIPTEN__)

namespace {

using nlohmann::json;
using ui::a11y::Node;
using ui::a11y::Role;

// One note as the page reads it: only the fields its role uses.
json to_json(const Node& n) {
  json j = {{"id", n.id}, {"role", ui::a11y::RoleName(n.role)}, {"label", n.label}, {"r", {n.x, n.y, n.w, n.h}}};
  if (n.group) j["group"] = n.group;
  if (!n.value.empty()) j["value"] = n.value;
  if (n.level) j["level"] = n.level;
  if (n.on) j["on"] = true;
  if (n.disabled) j["disabled"] = true;
  if (n.read_only) j["readOnly"] = true;
  switch (n.role) {
    case Role::slider:
    case Role::progress:
      j["lo"] = n.lo;
      j["hi"] = n.hi;
      j["step"] = n.step;
      j["now"] = n.now;
      break;
    case Role::number: j["now"] = n.now; break;
    case Role::combo:
      j["options"] = n.options;
      j["now"] = n.now;
      break;
    case Role::grid: {
      j["rows"] = n.rows;
      j["cols"] = n.cols;
      j["rowLabels"] = n.row_labels;
      j["colLabels"] = n.col_labels;
      if (!n.texts.empty()) {  // cells that are words
        j["texts"] = n.texts;
        break;
      }
      json cells = json::array();  // as read: a share to 0.01 %, another number to 4 significant digits
      for (const float v : n.cells) {
        if (!std::isfinite(v)) {
          cells.push_back(nullptr);
          continue;
        }
        char buf[32];
        std::snprintf(buf, sizeof buf, n.percent ? "%.4f" : "%.4g", static_cast<double>(v));
        cells.push_back(std::strtod(buf, nullptr));
      }
      j["cells"] = std::move(cells);
      if (n.percent) j["percent"] = true;
      break;
    }
    default: break;
  }
  return j;
}

std::string g_lang_sent;  // the layer's lang attribute, as last set

}  // namespace

// clang-format off
EM_JS(void, js_a11y_apply, (const char* text), {
  var A = Module.attnlabA11y;
  if (!A) {
    var root = document.createElement("div");
    root.id = "attnlab-a11y";
    // over the canvas, its elements invisible (the canvas shows the widgets; ImGui draws the focus ring), never in
    // the pointer's way; a screen reader, a magnifier and the keyboard use it
    root.style.cssText = "position:fixed;left:0;top:0;width:100%;height:100%;overflow:clip;pointer-events:none;" +
                         "z-index:2";
    var css = document.createElement("style");
    // touch-action: a range input asks the browser to pan vertically under it (its own style, kept even with
    // pointer-events none), which would make a finger's drag over the canvas below a scroll the app cannot stop
    css.textContent = "#attnlab-a11y [data-id]{opacity:0}#attnlab-a11y,#attnlab-a11y *{touch-action:none}" +
                      "#attnlab-a11y .attnlab-skip{position:absolute;left:4px;top:4px;padding:6px 10px;opacity:0;" +
                      "background:#1f6fd1;color:#fff;font:16px sans-serif;text-decoration:none;outline:2px solid #ffcc40}" +
                      "#attnlab-a11y .attnlab-skip:focus{opacity:1}";
    document.head.appendChild(css);
    // first in the tab order: a link to the views (the selected tab of the views' tab bar)
    var skip = document.createElement("a");
    skip.className = "attnlab-skip";
    skip.href = "#";
    skip.textContent = "Skip to the views";
    skip.addEventListener("click", function(e) {
      e.preventDefault();
      var tab = body.querySelector('[role=tab][aria-selected=true]') || body.querySelector('[role=tab]');
      if (tab) tab.focus();
    });
    root.appendChild(skip);
    var body = document.createElement("div");
    root.appendChild(body);
    // the one polite live region: what changes by itself (a reveal, a notice, training paused)
    var live = document.createElement("div");
    live.setAttribute("role", "status");
    live.setAttribute("aria-live", "polite");
    live.className = "attnlab-live";
    live.style.cssText = "position:absolute;left:0;top:0;width:1px;height:1px;overflow:clip;opacity:0";
    root.appendChild(live);
    document.body.appendChild(root);
    A = Module.attnlabA11y = {root : root, body : body, skip : skip, live : live, els : new Map()};
    var node = function(t) {
      var el = t && t.closest ? t.closest("[data-id]") : null;
      return el && root.contains(el) ? el : null;
    };
    var act = function(el, kind, value) {
      Module.ccall("attnlab_a11y_act", null, [ "number", "number", "string" ], [ Number(el.dataset.id), kind, value ]);
    };
    var focus = function(id, cell) {
      Module.ccall("attnlab_a11y_focus", null, [ "number", "number" ], [ id, cell === undefined ? -1 : cell ]);
    };
    root.addEventListener("click", function(e) {
      var el = node(e.target);
      var r = el ? el.dataset.role : "";
      if (r === "button" || r === "tab" || r === "disclosure") {
        A.opener = e.target;  // (what Escape gives the focus back to, if it opened a menu)
        act(el, 0, "");
      }
    });
    root.addEventListener("change", function(e) {
      var el = node(e.target);
      var r = el ? el.dataset.role : "";
      if (r === "checkbox" || r === "radio") act(el, 0, "");
      else if (r === "combo") act(el, 1, String(el.selectedIndex));
      else if (r === "number") act(el, 1, el.value);
    });
    root.addEventListener("input", function(e) {
      var el = node(e.target);
      var r = el ? el.dataset.role : "";
      if (r === "slider" || r === "textbox") act(el, 1, el.value);
    });
    root.addEventListener("focusin", function(e) {
      var el = node(e.target);
      var cell = e.target.dataset && e.target.dataset.cell !== undefined ? Number(e.target.dataset.cell) : -1;
      if (el && cell >= 0) {  // the grid's cell in the Tab order is the one last on
        if (el.attnlabCells[el.attnlabAt]) el.attnlabCells[el.attnlabAt].tabIndex = -1;
        el.attnlabAt = cell;
        e.target.tabIndex = 0;
      }
      focus(el ? Number(el.dataset.id) : 0, cell);
    });
    // in a grid: the arrow keys, Home and End move between cells; Enter or Space is a click on the cell
    root.addEventListener("keydown", function(e) {
      var el = node(e.target);
      if (!el || el.dataset.role !== "grid" || e.target.dataset.cell === undefined) return;
      var cols = el.rows.length > 1 ? el.rows[1].cells.length - 1 : 0;
      var at = Number(e.target.dataset.cell), n = el.attnlabCells.length;
      var r = Math.floor(at / cols), c = at % cols, to = at;
      if (e.key === "ArrowRight") to = c + 1 < cols ? at + 1 : at;
      else if (e.key === "ArrowLeft") to = c > 0 ? at - 1 : at;
      else if (e.key === "ArrowDown") to = at + cols < n ? at + cols : at;
      else if (e.key === "ArrowUp") to = at - cols >= 0 ? at - cols : at;
      else if (e.key === "Home") to = r * cols;
      else if (e.key === "End") to = r * cols + cols - 1;
      else if (e.key === "Enter" || e.key === " ") {
        e.preventDefault();
        act(el, 1, r + "," + c);
        return;
      } else return;
      e.preventDefault();
      if (el.attnlabCells[to]) el.attnlabCells[to].focus();
    });
    // in a tab list: the arrow keys, Home and End go to the next, previous, first or last tab and open it (the
    // WAI-ARIA tabs pattern, its tabs opened as they take the focus)
    root.addEventListener("keydown", function(e) {
      var el = node(e.target);
      if (!el || el.dataset.role !== "tab" || !el.parentNode) return;
      var tabs = Array.prototype.filter.call(el.parentNode.children, function(t) {
        return t.dataset && t.dataset.role === "tab" && !t.disabled;
      });
      var at = tabs.indexOf(el), n = tabs.length, to = -1;
      if (at < 0 || n < 2) return;
      if (e.key === "ArrowRight" || e.key === "ArrowDown") to = (at + 1) % n;
      else if (e.key === "ArrowLeft" || e.key === "ArrowUp") to = (at + n - 1) % n;
      else if (e.key === "Home") to = 0;
      else if (e.key === "End") to = n - 1;
      else return;
      e.preventDefault();
      tabs[to].focus();
      act(tabs[to], 0, "");
    });
    root.addEventListener("focusout", function(e) {
      if (!e.relatedTarget || !root.contains(e.relatedTarget)) focus(0);
    });
    // keys typed in the layer are the browser's (Tab, Space, Enter, the arrows), not SDL's, which would cancel them
    ["keydown", "keypress", "keyup"].forEach(function(type) {
      root.addEventListener(type, function(e) { e.stopPropagation(); });
    });
    // Escape closes a menu, a combo's list or the drawer, and gives the focus back to the button that opened it
    root.addEventListener("keydown", function(e) {
      if (e.key !== "Escape") return;
      Module.ccall("attnlab_a11y_escape", null, [], []);
      var back = A.opener;
      if (back && back.isConnected && back !== document.activeElement) back.focus();
    });
    // and Tab is always the browser's: the focus moves into the layer, and out of the page (no keyboard trap)
    window.addEventListener("keydown", function(e) {
      if (e.key === "Tab") e.stopPropagation();
    }, true);
  }
  var set = function(e, k, v) {
    if (v === null || v === undefined || v === false) {
      if (e.hasAttribute(k)) e.removeAttribute(k);
    } else if (e.getAttribute(k) !== String(v)) {
      e.setAttribute(k, String(v));
    }
  };
  var tags = {text : "p", note : "p", button : "button", checkbox : "input", radio : "input", slider : "input",
              number : "input", combo : "select", tablist : "div", tab : "button", textbox : "input", progress : "div",
              grid : "table"};
  var make = function(n) {
    var heading = n.role === "heading" || n.role === "disclosure";
    var el = document.createElement(heading ? "h" + Math.min(6, Math.max(1, n.level || 2)) : (tags[n.role] || "p"));
    el.dataset.id = String(n.id);
    el.dataset.role = n.role;
    el.dataset.level = String(n.level || 0);
    var type = {checkbox : "checkbox", radio : "radio", slider : "range", number : "number", textbox : "text"}[n.role];
    if (type) el.type = type;
    if (n.role === "button" || n.role === "tab") el.type = "button";
    if (n.role === "tab") el.setAttribute("role", "tab");
    if (n.role === "tablist") el.setAttribute("role", "tablist");
    if (n.role === "progress") el.setAttribute("role", "progressbar");
    if (n.role === "grid") {
      el.setAttribute("role", "grid");
      el.style.cssText = "table-layout:fixed;border-collapse:collapse";
    }
    if (n.role === "disclosure") {
      var b = document.createElement("button");
      b.type = "button";
      b.style.cssText = "width:100%;height:100%;margin:0;padding:0";
      el.appendChild(b);
    }
    if (n.role !== "tablist")
      el.style.cssText += ";position:absolute;margin:0;padding:0;overflow:clip;box-sizing:border-box";
    return el;
  };
  var update = function(el, n) {
    if (n.role !== "tablist") {
      var r = n.r.join(",");
      if (el.dataset.r !== r) {
        el.dataset.r = r;
        el.style.left = n.r[0] + "px";
        el.style.top = n.r[1] + "px";
        el.style.width = n.r[2] + "px";
        el.style.height = n.r[3] + "px";
      }
    }
    var label = n.label || "";
    var control = n.role === "disclosure" ? el.firstChild : el;
    switch (n.role) {
      case "text": case "note": case "heading": case "button": case "tab":
        if (el.textContent !== label) el.textContent = label;
        break;
      case "disclosure":
        if (control.textContent !== label) control.textContent = label;
        set(control, "aria-expanded", n.on ? "true" : "false");
        break;
      case "grid":  // named by its caption
        break;
      default:
        set(el, "aria-label", label || null);
    }
    if (n.role === "tab") set(el, "aria-selected", n.on ? "true" : "false");
    if (n.role === "checkbox" || n.role === "radio") {
      if (el.checked !== !!n.on) el.checked = !!n.on;
      if (n.role === "radio") set(el, "name", "attnlab-radio-" + n.group);
    }
    if (n.role === "slider") {
      set(el, "min", n.lo);
      set(el, "max", n.hi);
      set(el, "step", n.step > 0 ? n.step : "any");
      set(el, "aria-valuetext", n.value || null);
      if (Math.abs(Number(el.value) - n.now) > (n.step > 0 ? n.step / 2 : 1e-6)) el.value = String(n.now);
    }
    if (n.role === "number" && document.activeElement !== el && el.value !== String(n.value)) el.value = n.value;
    if (n.role === "textbox") {
      if (el.value !== (n.value || "")) el.value = n.value || "";
      el.readOnly = !!n.readOnly;
    }
    if (n.role === "combo") {
      var joined = (n.options || []).join("\n");
      if (el.attnlabOptions !== joined) {
        el.attnlabOptions = joined;
        el.textContent = "";
        (n.options || []).forEach(function(o) {
          var opt = document.createElement("option");
          opt.textContent = o;
          el.appendChild(opt);
        });
      }
      if (el.selectedIndex !== n.now) el.selectedIndex = n.now;
    }
    if (n.role === "progress") {
      set(el, "aria-valuemin", 0);
      set(el, "aria-valuemax", 100);
      set(el, "aria-valuenow", Math.round(n.now * 100));
      set(el, "aria-label", label || null);
    }
    if (n.role === "grid") grid(el, n);
    if (n.role === "tab" || n.role === "radio") el.dataset.group = String(n.group || 0);
    if (control.disabled !== undefined && control.disabled !== !!n.disabled) control.disabled = !!n.disabled;
  };
  // A heatmap's numbers: a table with its caption (the heatmap's title and the sentence on its numbers), a header
  // row and a header column, one cell per number; made again when its shape or labels change, else only the cells
  // whose text changed are written. One cell is in the Tab order (the one last on), the arrow keys move from it.
  var cellText = function(v, percent) {
    if (v === null || v === undefined) return "–";
    return percent ? (Math.round(v * 1000) / 10) + " %" : String(Number(v.toPrecision(3)));
  };
  var grid = function(el, n) {
    var rows = n.rows || 0, cols = n.cols || 0;
    var rl = n.rowLabels || [], cl = n.colLabels || [];
    var key = rows + "x" + cols + "|" + rl.join("~") + "|" + cl.join("~");
    if (el.attnlabKey !== key) {
      el.attnlabKey = key;
      el.textContent = "";
      el.appendChild(document.createElement("caption"));
      var head = document.createElement("tr");
      head.appendChild(document.createElement("td"));
      for (var j = 0; j < cols; ++j) {
        var th = document.createElement("th");
        th.scope = "col";
        th.textContent = cl[j] !== undefined && cl[j] !== "" ? cl[j] : String(j + 1);
        head.appendChild(th);
      }
      var thead = document.createElement("thead");
      thead.appendChild(head);
      el.appendChild(thead);
      var body = document.createElement("tbody");
      el.attnlabCells = [];
      for (var i = 0; i < rows; ++i) {
        var tr = document.createElement("tr");
        var rh = document.createElement("th");
        rh.scope = "row";
        rh.textContent = rl[i] !== undefined && rl[i] !== "" ? rl[i] : String(i + 1);
        tr.appendChild(rh);
        for (var k = 0; k < cols; ++k) {
          var td = document.createElement("td");
          td.setAttribute("role", "gridcell");
          td.tabIndex = -1;
          td.dataset.cell = String(i * cols + k);
          tr.appendChild(td);
          el.attnlabCells.push(td);
        }
        body.appendChild(tr);
      }
      el.appendChild(body);
      el.attnlabAt = 0;
      if (el.attnlabCells.length) el.attnlabCells[0].tabIndex = 0;
    }
    var caption = (n.label ? n.label + ": " : "") + (n.value || "");
    if (el.firstChild.textContent !== caption) el.firstChild.textContent = caption;
    var cells = n.cells || [], texts = n.texts;
    for (var c = 0; c < el.attnlabCells.length; ++c) {
      var t = texts ? (texts[c] !== undefined ? texts[c] : "–") : cellText(cells[c], n.percent);
      if (el.attnlabCells[c].textContent !== t) el.attnlabCells[c].textContent = t;
    }
  };
  var c = JSON.parse(UTF8ToString(text));
  if (c.lang) {
    A.root.lang = c.lang;
    document.documentElement.lang = c.lang;  // the page's own language too (the title, the skip link)
  }
  if (c.title !== undefined) document.title = c.title;
  if (c.skip) A.skip.textContent = c.skip;
  if (c.say) {  // emptied first, so that the same words said again are read again
    A.live.textContent = "";
    var say = c.say;
    setTimeout(function() { A.live.textContent = say; }, 60);
  }
  (c.removed || []).forEach(function(id) {
    var el = A.els.get(id);
    if (el) el.remove();
    A.els.delete(id);
  });
  (c.upsert || []).forEach(function(n) {
    var el = A.els.get(n.id);
    var level = String(n.level || 0);
    if (el && (el.dataset.role !== n.role || el.dataset.level !== level)) {  // another kind of element: made again
      var fresh = make(n);
      el.replaceWith(fresh);
      el = fresh;
      A.els.set(n.id, el);
    }
    if (!el) {
      el = make(n);
      A.els.set(n.id, el);
    }
    update(el, n);
  });
  if (c.order) {  // each element after the one before it in its parent (tabs in their tablist), moved only if not
    var last = new Map();
    c.order.forEach(function(id) {
      var el = A.els.get(id);
      if (!el) return;
      var parent = (el.dataset.role === "tab" && A.els.get(Number(el.dataset.group))) || A.body;
      var before = last.get(parent);
      var want = before ? before.nextSibling : parent.firstChild;
      if (want !== el) parent.insertBefore(el, want);
      last.set(parent, el);
    });
  }
});
// clang-format on

// The layer's elements, all removed (the mirror turned off); the skip link and the live region stay.
EM_JS(void, js_a11y_clear, (), {
  var A = Module.attnlabA11y;
  if (!A) return;
  A.els.forEach(function(el) { el.remove(); });
  A.els.clear();
});

void mirror_enable(bool on) {
  if (!on) js_a11y_clear();
  ui::a11y::SetEnabled(on);
}

void mirror_begin_frame() { ui::a11y::BeginFrame(); }

void mirror_after_frame() {
  const ui::a11y::Change c = ui::a11y::TakeChange();
  const std::string lang = ui::language() == "zh" ? "zh-Hans" : "en";
  const std::string say = ui::a11y::TakeAnnouncement();
  std::string title;
  const bool retitled = ui::a11y::TakeTitle(&title);
  if (c.empty() && lang == g_lang_sent && say.empty() && !retitled) return;  // nothing changed: the page is not called
  json j = json::object();
  if (!say.empty()) j["say"] = say;
  if (retitled) j["title"] = title;
  if (lang != g_lang_sent) {
    j["lang"] = lang;
    j["skip"] = ui::S().a11y_skip;
  }
  g_lang_sent = lang;
  if (!c.removed.empty()) j["removed"] = c.removed;
  if (!c.upsert.empty()) {
    json up = json::array();
    for (const Node& n : c.upsert) up.push_back(to_json(n));
    j["upsert"] = std::move(up);
  }
  if (c.reordered) j["order"] = c.order;
  // a label cut inside a UTF-8 character is sent with U+FFFD rather than not at all
  js_a11y_apply(j.dump(-1, ' ', false, json::error_handler_t::replace).c_str());
}

#else

void mirror_enable(bool on) { ui::a11y::SetEnabled(on); }
void mirror_begin_frame() { ui::a11y::BeginFrame(); }
// The desktop has no DOM: nothing to compare the notes with, and nobody to say the announcements to.
void mirror_after_frame() { ui::a11y::TakeAnnouncement(); }

#endif

}  // namespace attnlab

void attnlab::mirror_new_frame(App& app) {
  if (!ui::a11y::TakeEscape()) return;
  if (GImGui->OpenPopupStack.Size > 0) ImGui::ClosePopupToLevel(0, true);
  app.picks.drawer_open = false;
}

// From the layer: Escape.
ATTNLAB_EXPORT void attnlab_a11y_escape() { attnlab::ui::a11y::Escape(); }

// From the layer: a control activated (kind 0) or set to `value` (kind 1).
ATTNLAB_EXPORT void attnlab_a11y_act(unsigned id, int kind, const char* value) {
  if (kind == 0) attnlab::ui::a11y::Activate(id);
  else if (kind == 1 && value) attnlab::ui::a11y::SetValue(id, value);
}

// The layer's focus moved to the element of note `id` (0: out of the layer); in a grid, to its cell `cell`.
ATTNLAB_EXPORT void attnlab_a11y_focus(unsigned id, int cell) { attnlab::ui::a11y::Focus(id, cell); }
