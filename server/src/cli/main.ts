import { studioProgram } from './program.js';

// `studio-server`: the API server's commands alone, for an install without the one-box (no agent, no devices).
await (await studioProgram()).parseAsync(process.argv);
