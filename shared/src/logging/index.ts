export { destinationFor, humanDestination, logDestination, type LogDestination } from './destination.js';
export { humanLogLine, type LogRecord } from './human-line.js';
export { chooseLogOutput, logOutputEnv, stdoutFacts, type LogOutput, type LogOutputEnv, type StdoutFacts } from './output.js';
