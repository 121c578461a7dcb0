import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ACTION_STATUSES,
  type ActionStatus,
  allowedTargets,
  checkMove,
  FINAL_STATUSES,
  isFinal,
} from "../../plugins/actions/state-machine.js";

const status = fc.constantFrom(...ACTION_STATUSES);

describe("action status machine (CONTRACT.md §8)", () => {
  it("makes exactly completed and cancelled final", () => {
    expect([...FINAL_STATUSES].sort()).toEqual(["cancelled", "completed"]);
    for (const s of ACTION_STATUSES) expect(isFinal(s), s).toBe(FINAL_STATUSES.includes(s));
  });

  it("refuses every write from a final status, naming no allowed move", () => {
    fc.assert(
      fc.property(status, status, (from, to) => {
        if (!isFinal(from)) return;
        expect(allowedTargets(from)).toEqual([]);
        expect(checkMove(from, to)).toEqual({ ok: false, allowed: [] });
      }),
    );
  });

  it("lets a live action move to any other status, completed included, or keep its own", () => {
    fc.assert(
      fc.property(status, status, (from, to) => {
        if (isFinal(from)) return;
        expect(allowedTargets(from)).not.toContain(from);
        expect(allowedTargets(from)).toContain("completed");
        expect(checkMove(from, to)).toEqual({ ok: true });
      }),
    );
  });

  it("accepts exactly the allowed targets (or staying live), and reports them when it refuses", () => {
    fc.assert(
      fc.property(status, status, (from, to) => {
        const verdict = checkMove(from, to);
        const allowed = allowedTargets(from);
        const expected = allowed.includes(to) || (to === from && !isFinal(from));
        expect(verdict.ok).toBe(expected);
        if (!verdict.ok) expect(verdict.allowed).toEqual(allowed);
      }),
    );
  });

  it("never leaves a final status along any walk of accepted moves", () => {
    fc.assert(
      fc.property(fc.array(status, { maxLength: 30 }), (targets) => {
        let current: ActionStatus = "open";
        let finalSeen: ActionStatus | null = null;
        for (const to of targets) {
          if (checkMove(current, to).ok) current = to;
          if (finalSeen) expect(current).toBe(finalSeen);
          if (isFinal(current)) finalSeen ??= current;
        }
      }),
    );
  });
});
