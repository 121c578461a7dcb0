/**
 * A tiny EVM assembler for the test fixtures (no solc here). Sections (`.section name`), labels
 * (`name:`), `PUSHn <hex | @label | $constant>`, `.include <section>` and `;` comments.
 */
const OPCODES: Record<string, number> = {
  STOP: 0x00,
  ADD: 0x01,
  SUB: 0x03,
  LT: 0x10,
  EQ: 0x14,
  ISZERO: 0x15,
  SHR: 0x1c,
  CALLER: 0x33,
  CALLVALUE: 0x34,
  CALLDATALOAD: 0x35,
  CODECOPY: 0x39,
  POP: 0x50,
  MSTORE: 0x52,
  SLOAD: 0x54,
  SSTORE: 0x55,
  JUMP: 0x56,
  JUMPI: 0x57,
  JUMPDEST: 0x5b,
  DUP1: 0x80,
  DUP2: 0x81,
  DUP3: 0x82,
  SWAP1: 0x90,
  LOG3: 0xa3,
  RETURN: 0xf3,
  REVERT: 0xfd,
};

type Line = string[];

function sections(source: string): Map<string, Line[]> {
  const out = new Map<string, Line[]>();
  let current: Line[] | null = null;
  for (const raw of source.split("\n")) {
    const text = raw.replace(/;.*$/, "").trim();
    if (!text) continue;
    const words = text.split(/\s+/);
    if (words[0] === ".section") {
      current = [];
      out.set(words[1]!, current);
    } else if (!current) throw new Error(`instruction outside a section: ${text}`);
    else current.push(words);
  }
  return out;
}

function assembleSection(all: Map<string, Line[]>, name: string): Uint8Array {
  const lines = all.get(name);
  if (!lines) throw new Error(`no section ${name}`);
  const included = new Map<string, Uint8Array>();
  const constants: Record<string, number> = {};
  for (const l of lines) {
    if (l[0] === ".include") {
      const bytes = assembleSection(all, l[1]!);
      included.set(l[1]!, bytes);
      constants[`${l[1]}_size`] = bytes.length;
    }
  }
  const sizeOf = (l: Line) => {
    if (l[0]!.endsWith(":")) return 0;
    if (l[0] === ".include") return included.get(l[1]!)!.length;
    const push = /^PUSH(\d+)$/.exec(l[0]!);
    return push ? 1 + Number(push[1]) : 1;
  };
  const labels: Record<string, number> = {};
  let offset = 0;
  for (const l of lines) {
    if (l[0]!.endsWith(":")) labels[l[0]!.slice(0, -1)] = offset;
    offset += sizeOf(l);
  }
  const out: number[] = [];
  for (const l of lines) {
    const [op, arg] = l;
    if (op!.endsWith(":")) continue;
    if (op === ".include") {
      out.push(...included.get(arg!)!);
      continue;
    }
    const push = /^PUSH(\d+)$/.exec(op!);
    if (push) {
      const n = Number(push[1]);
      const value = arg!.startsWith("@")
        ? BigInt(labels[arg!.slice(1)] ?? NaN)
        : arg!.startsWith("$")
          ? BigInt(constants[arg!.slice(1)] ?? NaN)
          : BigInt(arg!);
      const hex = value.toString(16).padStart(n * 2, "0");
      if (hex.length > n * 2) throw new Error(`${arg} does not fit PUSH${n}`);
      out.push(0x5f + n, ...Buffer.from(hex, "hex"));
      continue;
    }
    const code = OPCODES[op!];
    if (code === undefined) throw new Error(`unknown opcode ${op}`);
    out.push(code);
  }
  return Uint8Array.from(out);
}

/** The init code (constructor with the runtime appended) as 0x-hex. */
export function assemble(source: string, entry = "constructor"): `0x${string}` {
  return `0x${Buffer.from(assembleSection(sections(source), entry)).toString("hex")}`;
}
