import SchemaBuilder, {
  BasePlugin,
  type FieldNullability,
  type InputFieldMap,
  type InputShapeFromFields,
  type PothosOutputFieldConfig,
  type SchemaTypes,
  type TypeParam,
} from "@pothos/core";
import type { GraphQLFieldResolver } from "graphql";
import type { RequestContext } from "../context.js";
import { enforceGate, gateDirectives, type GateSpec } from "../gates.js";

/** Field option `gate`: adds @scope/@authority/@sanctions to the field and enforces them. */
export class GatePlugin<Types extends SchemaTypes> extends BasePlugin<Types> {
  override onOutputFieldConfig(fieldConfig: PothosOutputFieldConfig<Types>) {
    const gate = (fieldConfig.pothosOptions as { gate?: GateSpec }).gate;
    if (!gate) return fieldConfig;
    const existing = (fieldConfig.extensions?.directives as Record<string, unknown>) ?? {};
    return {
      ...fieldConfig,
      extensions: {
        ...fieldConfig.extensions,
        gate,
        directives: { ...existing, ...gateDirectives(gate) },
      },
    };
  }

  override wrapResolve(
    resolver: GraphQLFieldResolver<unknown, Types["Context"], object>,
    fieldConfig: PothosOutputFieldConfig<Types>,
  ): GraphQLFieldResolver<unknown, Types["Context"], object> {
    const gate = (fieldConfig.pothosOptions as { gate?: GateSpec }).gate;
    if (!gate) return resolver;
    return async (parent, args, ctx, info) => {
      await enforceGate(gate, args, ctx as unknown as RequestContext, parent);
      return resolver(parent, args, ctx, info);
    };
  }
}

const pluginName = "gates";
SchemaBuilder.registerPlugin(pluginName, GatePlugin);
export default pluginName;

declare global {
  export namespace PothosSchemaTypes {
    export interface Plugins<Types extends SchemaTypes> {
      gates: GatePlugin<Types>;
    }
    export interface FieldOptions<
      Types extends SchemaTypes = SchemaTypes,
      ParentShape = unknown,
      Type extends TypeParam<Types> = TypeParam<Types>,
      Nullable extends FieldNullability<Type> = FieldNullability<Type>,
      Args extends InputFieldMap = InputFieldMap,
      ResolveShape = unknown,
      ResolveReturnShape = unknown,
    > {
      /** Scope and matter gates of this field (src/gates.ts). */
      gate?: GateSpec<InputShapeFromFields<Args>, ParentShape>;
    }
  }
}
