// The corpora in the page: neither is in app.wasm (the first load stays small). The page fetches the one a task
// needs the first time the data waits for it (Runs::data_pending), beside app.wasm: brown.pack.gz
// (scripts/pack_brown.py) for pos, seg_zh.txt.gz (make setup's .deps/seg_zh.txt, gzipped) for seg_zh. It shows
// how much has arrived, decompresses it (the browser's DecompressionStream), hands the text to the engine
// (register_brown's pack reader, register_seg_corpus: the same parsers as the command line, so the page's data
// is the CLI's bit for bit) and then builds the data and the run (App::data_arrived). The Brown Corpus is read
// as it streams in (training starts on its first parts); the Chinese text is read whole. A missing or broken
// file gives a notice and the Data panel says why; the app keeps working, and asking for the task again tries
// again. On the desktop the engine reads the files itself; this only reports when they are not there.
#pragma once

#include "web/app/app.h"

namespace attnlab {

// Once per frame, before the app is drawn.
void update_corpus(App& app);

}  // namespace attnlab
