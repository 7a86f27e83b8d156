#!/usr/bin/env python3
"""Give a WebAssembly module's relaxed-SIMD fused multiply-adds the opcode browsers run.

Debian's Emscripten 3.1.6 (clang 14, binaryen 108) emits relaxed SIMD in its prototype encoding: the fused
multiply-add `f32x4.fma` of __builtin_wasm_fma_f32x4 is 0xfd 0xaf 0x01 (sub-opcode 175). The standard that
Chrome >= 114 and Node 20 (--experimental-wasm-relaxed-simd) run numbers it f32x4.relaxed_madd, 0xfd 0x85 0x02
(sub-opcode 261), and rejects 175 ("invalid simd opcode"). Both take three operands from the stack, but the
prototype computed p0 + p1*p2 and relaxed_madd computes p0*p1 + p2: engine/kernels/kernels_wasm.cpp calls
the builtin as madd(x, y, acc) so that the rewritten instruction computes x*y + acc (the relaxed kernel test
checks the result against a double-precision reference).

The rewrite decodes every instruction of every function body (so an immediate or a constant that happens to
hold those bytes is never touched) and changes only sub-opcode 175 of the 0xfd prefix, in place: both
encodings are 3 bytes, so no size or offset changes. A module with nothing to rewrite is left as it is.

    wasm_relaxed_opcodes.py build/wasm/attnlab_relaxed.wasm      # rewrites the file, prints a summary
    wasm_relaxed_opcodes.py --check FILE                         # exit 1 if a prototype opcode is left
"""
import sys

PROTO_FMA, RELAXED_MADD = 175, 261  # f32x4.fma (LLVM 14 / binaryen 108) -> f32x4.relaxed_madd


class Reader:
    def __init__(self, data, pos, end):
        self.d, self.p, self.end = data, pos, end

    def byte(self):
        if self.p >= self.end:
            raise ValueError("truncated at %d" % self.p)
        b = self.d[self.p]
        self.p += 1
        return b

    def uleb(self):
        result = shift = 0
        while True:
            b = self.byte()
            result |= (b & 0x7F) << shift
            shift += 7
            if not b & 0x80:
                return result

    sleb = uleb  # (only skipped: the value does not matter, the length is the same)

    def skip(self, n):
        self.p += n
        if self.p > self.end:
            raise ValueError("truncated")


def skip_blocktype(r):
    b = r.d[r.p]
    if b == 0x40 or 0x6F <= b <= 0x7F:
        r.p += 1
    else:
        r.sleb()  # a type index (s33)


def skip_memarg(r):
    r.uleb()
    r.uleb()


def rewrite_body(data, r, counts):
    """Walk the instructions of one function body (r at its first instruction, r.end its end)."""
    while r.p < r.end:
        op = r.byte()
        if op in (0x02, 0x03, 0x04, 0x06):  # block loop if try
            skip_blocktype(r)
        elif op in (0x07, 0x08, 0x09, 0x0C, 0x0D, 0x10, 0x12, 0x18, 0xD2) or 0x20 <= op <= 0x26:
            r.uleb()  # catch/throw tag, rethrow/br/br_if/delegate depth, call, local/global/table index, ref.func
        elif op == 0x0E:  # br_table
            for _ in range(r.uleb() + 1):
                r.uleb()
        elif op in (0x11, 0x13):  # call_indirect type table
            r.uleb()
            r.uleb()
        elif op == 0x1C:  # select t*
            r.skip(r.uleb())
        elif 0x28 <= op <= 0x3E:
            skip_memarg(r)
        elif op in (0x3F, 0x40):
            r.byte()
        elif op == 0x41 or op == 0x42:
            r.sleb()
        elif op == 0x43:
            r.skip(4)
        elif op == 0x44:
            r.skip(8)
        elif op == 0xD0:
            r.byte()
        elif op == 0xFC:
            sub = r.uleb()
            if sub == 8:  # memory.init data 0
                r.uleb()
                r.byte()
            elif sub in (9, 13, 15, 16, 17):  # data.drop, elem.drop, table.grow/size/fill
                r.uleb()
            elif sub == 10:  # memory.copy 0 0
                r.skip(2)
            elif sub in (12, 14):  # table.init, table.copy
                r.uleb()
                r.uleb()
            elif sub == 11:  # memory.fill 0
                r.byte()
        elif op == 0xFD:
            at = r.p
            sub = r.uleb()
            if sub == PROTO_FMA:
                if r.p - at != 2:
                    raise ValueError("f32x4.fma at %d is not a 2-byte LEB" % at)
                data[at], data[at + 1] = 0x80 | (RELAXED_MADD & 0x7F), RELAXED_MADD >> 7
                counts["rewritten"] += 1
            elif sub == RELAXED_MADD:
                counts["final"] += 1
            elif sub <= 11 or sub in (92, 93):
                skip_memarg(r)
            elif sub in (12, 13):
                r.skip(16)
            elif 21 <= sub <= 34:
                r.byte()
            elif 84 <= sub <= 91:
                skip_memarg(r)
                r.byte()
        elif op == 0xFE:
            sub = r.uleb()
            if sub == 3:
                r.byte()
            else:
                skip_memarg(r)
        elif op in (0x00, 0x01, 0x05, 0x0B, 0x0F, 0x19, 0x1A, 0x1B, 0xD1) or 0x45 <= op <= 0xC4:
            pass
        else:
            raise ValueError("unknown opcode 0x%02x at %d" % (op, r.p - 1))


def rewrite(data):
    if data[:8] != b"\0asm\1\0\0\0":
        raise ValueError("not a WebAssembly module (version 1)")
    counts = {"rewritten": 0, "final": 0, "functions": 0}
    r = Reader(data, 8, len(data))
    while r.p < len(data):
        section = r.byte()
        size = r.uleb()
        end = r.p + size
        if section == 10:  # code
            for _ in range(r.uleb()):
                body_size = r.uleb()
                body_end = r.p + body_size
                b = Reader(data, r.p, body_end)
                for _ in range(b.uleb()):  # local declarations: count, type
                    b.uleb()
                    b.byte()
                rewrite_body(data, b, counts)
                counts["functions"] += 1
                r.p = body_end
        r.p = end
    return counts


def main(argv):
    check = "--check" in argv
    files = [a for a in argv if a != "--check"]
    if len(files) != 1:
        print(__doc__.strip().splitlines()[-2].strip(), file=sys.stderr)
        return 2
    path = files[0]
    data = bytearray(open(path, "rb").read())
    try:
        counts = rewrite(data)
    except ValueError as e:
        print("wasm_relaxed_opcodes.py: %s: %s" % (path, e), file=sys.stderr)
        return 1
    if check:
        ok = counts["rewritten"] == 0
        print("%s: %d f32x4.relaxed_madd, %d prototype f32x4.fma%s" % (path, counts["final"], counts["rewritten"],
                                                                     "" if ok else " (run without --check)"))
        return 0 if ok else 1
    if counts["rewritten"]:
        with open(path, "wb") as f:
            f.write(data)
    print("%s: %d f32x4.fma rewritten to f32x4.relaxed_madd (%d already final) in %d functions" % (
        path, counts["rewritten"], counts["final"], counts["functions"]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
