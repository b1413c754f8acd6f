export { destinationFor, humanDestination, logDestination, stopAsOnSigterm, type LogDestination } from './destination.js';
export { isOutputClosed, stdoutLines, type StdoutLines, type StdoutLinesOptions } from './stdout-lines.js';
export { humanLogLine, type LogRecord } from './human-line.js';
export { chooseLogOutput, logOutputEnv, stdoutFacts, type LogOutput, type LogOutputEnv, type StdoutFacts } from './output.js';
