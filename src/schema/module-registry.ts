import type { ModuleManifest } from "../../rest-bridge/types.js";

/** The modules this process serves, recorded at schema build (read by GET /v1/capabilities). */
let modules: readonly ModuleManifest[] = [];

export function recordModules(list: readonly ModuleManifest[]): void {
  modules = list;
}

export function servedModules(): readonly ModuleManifest[] {
  return modules;
}
