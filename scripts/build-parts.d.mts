/** scripts/build-parts.mjs, for the TypeScript that tests it. */
export interface BuildPart {
  name: string;
  command: string[];
  inputs: string[];
  outputs: string[];
  finished: string;
}
export declare const buildParts: BuildPart[];
export declare function staleness(root: string, part: BuildPart): { stale: true; reason: string } | { stale: false; reason: null };
