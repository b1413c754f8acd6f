export { backupSqlite, BackupError, type BackupOptions, type BackupProgress, type BackupResult, type BackupSource } from './online-backup.js';
export { progressLine } from './progress-line.js';
export { sqliteSidecars, syncFile } from './files.js';
