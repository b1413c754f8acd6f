/**
 * The four mutation areas of `npm run mutation`: the source files Stryker mutates and the unit
 * tests that pin them down (only the area's own fast, pure tests, so a mutant costs milliseconds).
 * Paths are relative to the repository root.
 */
export const mutationAreas = {
  eligibility: {
    mutate: ['shared/src/eligibility/**/*.ts', '!shared/src/eligibility/index.ts'],
    tests: ['shared/test/eligibility/**/*.test.ts'],
  },
  credentials: {
    mutate: ['shared/src/credentials/**/*.ts', '!shared/src/credentials/index.ts'],
    tests: ['shared/test/credentials/**/*.test.ts'],
  },
  decoders: {
    mutate: ['agent/src/devices/serial/stx-hex-frames.ts', 'agent/src/devices/hid/keyboard-report.ts'],
    tests: ['agent/test/devices/serial/stx-hex-frames*.test.ts', 'agent/test/devices/hid/keyboard-report*.test.ts'],
  },
  appointments: {
    mutate: ['server/src/modules/appointments/engine/**/*.ts', '!server/src/modules/appointments/engine/index.ts', '!server/src/modules/appointments/engine/types.ts'],
    tests: ['server/test/appointments/engine/**/*.test.ts'],
    // The agreement property test (checkStart against availableSlots over random weeks) takes ~30 s
    // a run and cannot see a fault both share; the focused tests pin the rules instead.
    exclude: ['server/test/appointments/engine/consistency.test.ts'],
  },
};

/** The score every area must reach: killed and timed-out mutants among valid ones, in %. */
export const requiredScore = 90;

export function areaNamed(name) {
  const area = mutationAreas[name];
  if (!area) throw new Error(`MUTATION_AREA must be one of ${Object.keys(mutationAreas).join(', ')}, got ${name}`);
  return area;
}
