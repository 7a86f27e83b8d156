// attnlab export-torch: a saved model as a PyTorch module (engine/io/torch_export.h).
//
//   attnlab export-torch --load pos.model --out pos_torch       pos_torch/attnlab_model.py, .weights, .json
//   python3 pos_torch/attnlab_model.py                           tags the saved example, checks the logits
//   attnlab export-torch --load pos.model --out pos_torch --name pos_tagger --zip pos_torch.zip
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "engine/cli/train_options.h"
#include "engine/io/torch_export.h"
#include "engine/io/zip.h"

namespace attnlab::cli {

namespace {

struct ExportCmd {
  std::string load;
  std::string out;
  std::string name = kTorchModuleName;
  std::string zip;
};

void write_file(const std::string& path, const std::vector<std::uint8_t>& bytes) {
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  f.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  if (!f) throw Error("cannot write " + path);
}

void run(const ExportCmd& o) {
  LoadedModel lm;
  try {
    lm = load_model_file(o.load);
  } catch (const std::exception& e) {
    throw Error(e.what());
  }
  std::vector<ExportedFile> files;
  try {
    files = export_torch(*lm.model, lm.data, o.name);
  } catch (const std::invalid_argument& e) {
    throw Error(std::string("cannot export ") + o.load + " to PyTorch: " + e.what());
  }
  namespace fs = std::filesystem;
  std::error_code ec;
  if (fs::exists(o.out, ec) && !fs::is_directory(o.out, ec)) throw Error("--out " + o.out + " is a file, not a folder");
  fs::create_directories(o.out, ec);
  if (ec) throw Error("cannot make the folder " + o.out + ": " + ec.message());
  for (const ExportedFile& f : files) {
    const std::string path = (fs::path(o.out) / f.name).string();
    write_file(path, f.bytes);
    std::printf("wrote %s (%zu bytes)\n", path.c_str(), f.bytes.size());
  }
  if (!o.zip.empty()) {
    std::vector<ZipEntry> entries;
    for (const ExportedFile& f : files) entries.push_back({f.name, f.bytes});
    const std::vector<std::uint8_t> zip = make_zip(entries);
    write_file(o.zip, zip);
    std::printf("wrote %s (%zu bytes: the same files)\n", o.zip.c_str(), zip.size());
  }
  std::printf("run it: python3 %s\n", (fs::path(o.out) / (o.name + ".py")).string().c_str());
}

void setup_export_torch(CLI::App& root) {
  static ExportCmd o;
  auto* cmd = root.add_subcommand("export-torch",
                                  "Write a model saved by 'attnlab train --save' as a PyTorch module: NAME.py (the "
                                  "model as nn.Modules), NAME.weights (float32) and NAME.json (vocabulary, tags, an "
                                  "example with the engine's logits); 'python3 DIR/NAME.py' checks them");
  cmd->add_option("--load", o.load, "Model file")->required();
  cmd->add_option("--out", o.out, "Folder for the files (made if missing)")->required();
  cmd->add_option("--name", o.name, "Module name (a Python identifier)")->capture_default_str();
  cmd->add_option("--zip", o.zip, "Also write the same files as one .zip archive (what the page downloads)");
  cmd->callback([] { run(o); });
}

}  // namespace

ATTNLAB_COMMAND(setup_export_torch)

}  // namespace attnlab::cli
