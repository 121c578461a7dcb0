import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  allowedTargets,
  checkTransition,
  needsProof,
  OPERATION_POSTURES,
  OPERATION_STATES,
  type OperationState,
} from "../../plugins/operations/state-machine.js";

const state = fc.constantFrom(...OPERATION_STATES);
const posture = fc.constantFrom(...OPERATION_POSTURES);
const proof = fc.array(fc.string({ minLength: 1, maxLength: 8 }), { maxLength: 3 });

describe("operation state machine (CONTRACT.md §8)", () => {
  it("accepts exactly the allowed targets, and reports them when it refuses", () => {
    fc.assert(
      fc.property(state, state, posture, (from, to, p) => {
        const verdict = checkTransition(from, to, p, ["proof_1"]);
        const allowed = allowedTargets(from, p);
        if (allowed.includes(to)) expect(verdict).toEqual({ ok: true });
        else expect(verdict).toEqual({ ok: false, reason: "invalid_state_transition", allowed });
      }),
    );
  });

  it("asks for proof exactly for verified, resolved and reopening a closed operation", () => {
    fc.assert(
      fc.property(state, state, posture, proof, (from, to, p, ids) => {
        if (!allowedTargets(from, p).includes(to)) return;
        const expectProof =
          to === "verified" || to === "resolved" || (from === "closed" && to === "active");
        expect(needsProof(from, to)).toBe(expectProof);
        const verdict = checkTransition(from, to, p, ids);
        expect(verdict.ok).toBe(!expectProof || ids.length > 0);
      }),
    );
  });

  it("lets only the emergency posture jump from created, intake or triaged to active", () => {
    for (const from of ["created", "intake", "triaged"] as OperationState[]) {
      for (const p of OPERATION_POSTURES) {
        expect(allowedTargets(from, p).includes("active"), `${from} ${p}`).toBe(p === "emergency");
      }
    }
  });

  it("keeps archived terminal and never offers a move to the current state", () => {
    for (const p of OPERATION_POSTURES) {
      expect(allowedTargets("archived", p)).toEqual([]);
      for (const s of OPERATION_STATES) expect(allowedTargets(s, p)).not.toContain(s);
    }
  });

  it("only ever visits known states on any walk of allowed moves", () => {
    fc.assert(
      fc.property(posture, fc.array(fc.nat(), { maxLength: 40 }), (p, picks) => {
        let current: OperationState = "created";
        for (const pick of picks) {
          const targets = allowedTargets(current, p);
          if (targets.length === 0) {
            expect(current).toBe("archived");
            break;
          }
          const next = targets[pick % targets.length]!;
          expect(checkTransition(current, next, p, ["p"]).ok).toBe(true);
          current = next;
          expect(OPERATION_STATES).toContain(current);
        }
      }),
    );
  });
});
