import { requireScope } from "./auth/principal.js";
import type { RequestContext } from "./context.js";
import { ApiError } from "./errors.js";

/**
 * The one gate mechanism (CONTRACT.md §7): a field declares its gates once; the GraphQL field
 * wrapper (src/schema/gate-plugin.ts) enforces them in the contract's order, and the REST
 * bridge reads the same declaration for its early scope check and the OpenAPI document.
 */
export interface GateSpec<Args = any, Parent = any> {
  /** The scope this field requires. */
  scope: string;
  /**
   * Finds the matter whose authority grant must be live (after the 404 lookup of the object).
   * Declaring it puts `@authority` on the field.
   */
  authority?: (args: Args, ctx: RequestContext, parent: Parent) => Promise<string>;
  /** Same for the sanctions gate (`@sanctions`). */
  sanctions?: (args: Args, ctx: RequestContext, parent: Parent) => Promise<string>;
}

/** A module that owns the data behind a gate registers its check here. */
export type MatterGateCheck = (ctx: RequestContext, matterId: string) => Promise<void>;

export type GateChecks = { authority?: MatterGateCheck; sanctions?: MatterGateCheck };

const registered: GateChecks = {};

export function registerGateCheck(kind: "authority" | "sanctions", check: MatterGateCheck): void {
  registered[kind] = check;
}

/** Without a registered check a gate fails closed: it never passes softly. */
async function runMatterGate(
  kind: "authority" | "sanctions",
  ctx: RequestContext,
  matterId: string,
  checks: GateChecks,
) {
  const check = checks[kind];
  if (!check) {
    throw kind === "authority"
      ? new ApiError("authority_required")
      : new ApiError("sanctions_screen_required");
  }
  await check(ctx, matterId);
}

export async function enforceGate(
  gate: GateSpec,
  args: unknown,
  ctx: RequestContext,
  parent: unknown,
  checks: GateChecks = registered,
) {
  requireScope(ctx.principal, gate.scope);
  if (!gate.authority && !gate.sanctions) return;
  const matterId = await (gate.authority ?? gate.sanctions)!(args, ctx, parent);
  if (gate.authority) await runMatterGate("authority", ctx, matterId, checks);
  if (gate.sanctions) {
    const sanctionsMatter =
      gate.authority && gate.sanctions !== gate.authority
        ? await gate.sanctions(args, ctx, parent)
        : matterId;
    await runMatterGate("sanctions", ctx, sanctionsMatter, checks);
  }
}

/** The directives a gate shows in the SDL. */
export function gateDirectives(gate: GateSpec): Record<string, Record<string, unknown>> {
  return {
    scope: { name: gate.scope },
    ...(gate.authority ? { authority: {} } : {}),
    ...(gate.sanctions ? { sanctions: {} } : {}),
  };
}
