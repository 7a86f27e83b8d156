#include "web/ui/gl.h"

#include <cstring>

#include "shaders.h"  // generated from shaders/*.vert|frag by scripts/embed.cmake

namespace attnlab::gfx {

const char* glsl_prelude() {
#if defined(__EMSCRIPTEN__)
  return "#version 300 es\nprecision highp float;\nprecision highp int;\nprecision highp sampler2D;\n";
#else
  return "#version 330 core\n";
#endif
}

static int g_generation = 0;
int gl_generation() { return g_generation; }
void next_gl_generation() { ++g_generation; }

static const char* shader_source(const char* name) {
  for (std::size_t i = 0; i < embedded::shaders_count; ++i)
    if (std::strcmp(embedded::shaders[i].name, name) == 0) return embedded::shaders[i].text;
  return nullptr;
}

// What the driver said about a shader or a program that failed (glGetShaderInfoLog / glGetProgramInfoLog).
static std::string info_log(GLuint object, void (*get_log)(GLuint, GLsizei, GLsizei*, GLchar*)) {
  char log[1024] = {0};
  get_log(object, sizeof log, nullptr, log);
  return log;
}

static GLuint compile(GLenum kind, const char* name, std::string& error) {
  const char* body = shader_source(name);
  if (!body) {
    error = std::string("missing shader ") + name;
    return 0;
  }
  const char* parts[2] = {glsl_prelude(), body};
  GLuint s = glCreateShader(kind);
  glShaderSource(s, 2, parts, nullptr);
  glCompileShader(s);
  GLint ok = 0;
  glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
  if (!ok) {
    error = std::string(name) + ": " + info_log(s, glGetShaderInfoLog);
    glDeleteShader(s);
    return 0;
  }
  return s;
}

GLuint link_program(const char* vertex, const char* fragment, std::string& error) {
  GLuint vs = compile(GL_VERTEX_SHADER, vertex, error);
  GLuint fs = vs ? compile(GL_FRAGMENT_SHADER, fragment, error) : 0;
  if (!vs || !fs) {
    if (vs) glDeleteShader(vs);
    return 0;
  }
  GLuint program = glCreateProgram();
  glAttachShader(program, vs);
  glAttachShader(program, fs);
  glLinkProgram(program);
  glDeleteShader(vs);
  glDeleteShader(fs);
  GLint ok = 0;
  glGetProgramiv(program, GL_LINK_STATUS, &ok);
  if (!ok) {
    error = std::string("link ") + vertex + " + " + fragment + ": " + info_log(program, glGetProgramInfoLog);
    glDeleteProgram(program);
    return 0;
  }
  return program;
}

}  // namespace attnlab::gfx
