// The way out of the playground: a trained model as a PyTorch module a student can read, run and train on.
//
// export_torch writes three files, returned in memory (the CLI saves them into a folder, the page zips them
// with zip.h), for a module NAME:
//   NAME.py       the model in PyTorch: one nn.Module class per model kind (attention tagger, window FC, CNN,
//                 RNN), each written like the engine's formulas (the template is engine/io/torch_module.py,
//                 compiled into the engine); its CONFIG says which model this is
//   NAME.weights  every parameter as little-endian float32, in the engine's order (params.h)
//   NAME.json     the index of the weights (name, shape, offset; size and CRC-32), the vocabulary and the tag
//                 names, and a saved example: an input with the logits and tags the engine computed for it
// `python3 NAME.py` loads the weights, tags the example and compares its logits with the engine's.
//
// Every model kind and every task input (token ids, feature vectors, graphs with their edges, images with their
// 2-D positions, windows and kernels) is expressed;
// check_torch_export names what a model or its data lacks when one cannot be (e.g. the vocabulary).
//
// T = tokens of the example, C = tags, V = vocabulary
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/data/tasks.h"
#include "engine/models/model.h"

namespace attnlab {

constexpr const char* kTorchModuleName = "attnlab_model";  // the default NAME

struct ExportedFile {
  std::string name;                 // "attnlab_model.py"
  std::vector<std::uint8_t> bytes;  // its contents
};

// "" when name can be a Python module's name (letters, digits, '_', not starting with a digit), else why not.
std::string check_module_name(const std::string& name);

// "" when the model and its data can be written as a PyTorch module, else a message naming what cannot.
std::string check_torch_export(const SeqModel<float>& model, const Dataset& data);

// The files of the export (NAME.py, NAME.weights, NAME.json). Runs a copy of the model on the saved example
// (the model itself is not touched). Throws std::invalid_argument with check_module_name's or
// check_torch_export's message, or when the example's logits are not finite.
std::vector<ExportedFile> export_torch(const SeqModel<float>& model, const Dataset& data,
                                       const std::string& name = kTorchModuleName);

// The saved example's input: "I saw a saw" for pos, else one sequence of the task drawn from a fixed seed
// (its lengths within the task's, and within a learned positional table).
Sequence torch_export_example(const SeqModel<float>& model, const Dataset& data);

}  // namespace attnlab
