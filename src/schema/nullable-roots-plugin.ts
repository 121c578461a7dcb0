import SchemaBuilder, {
  BasePlugin,
  type PothosOutputFieldConfig,
  type SchemaTypes,
} from "@pothos/core";

/**
 * Every Query and Mutation field is nullable, whatever its module declares: a root field that
 * fails (a missing scope, a bad argument) then answers null beside its error, and the other
 * root fields of the same request keep their data. A non-null root field would null `data`.
 */
export class NullableRootsPlugin<Types extends SchemaTypes> extends BasePlugin<Types> {
  override onOutputFieldConfig(fieldConfig: PothosOutputFieldConfig<Types>) {
    if (fieldConfig.kind !== "Query" && fieldConfig.kind !== "Mutation") return fieldConfig;
    if (fieldConfig.type.nullable) return fieldConfig;
    return { ...fieldConfig, type: { ...fieldConfig.type, nullable: true } };
  }
}

const pluginName = "nullableRoots";
SchemaBuilder.registerPlugin(pluginName, NullableRootsPlugin);
export default pluginName;

declare global {
  export namespace PothosSchemaTypes {
    export interface Plugins<Types extends SchemaTypes> {
      nullableRoots: NullableRootsPlugin<Types>;
    }
  }
}
