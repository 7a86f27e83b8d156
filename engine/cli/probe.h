// The probe: one multi-head self-attention layer over one sequence, as JSON in and JSON out (the request and
// response are described at the top of engine/cli/probe.cpp). `attnlab probe` reads the request on stdin.
#pragma once

#include <string>

namespace attnlab::cli {

// The response to one request. A malformed request, or numbers that overflow a float, throw cli::Error with
// a one-line message that names the problem ("probe: ...").
std::string probe_response(const std::string& request);

}  // namespace attnlab::cli
