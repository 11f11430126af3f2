import { closeSync, fsyncSync, openSync, renameSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * A folder's own entries (a file made, a file renamed over another) reach the disk only when the
 * folder is flushed: without it, a power cut after a rename can bring back the old file, or lose a
 * journal just made, although the file's own bytes were flushed.
 */
export function syncFolder(folder: string): void {
  const fd = openSync(folder, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Replaces a file whole and durably: the text to a new file, flushed, renamed over the old one, the folder flushed. */
export function replaceFileDurably(path: string, text: string, temporary = `${path}.next`): void {
  const out = openSync(temporary, 'w', 0o600);
  try {
    writeSync(out, text);
    fsyncSync(out);
  } finally {
    closeSync(out);
  }
  renameSync(temporary, path);
  syncFolder(dirname(path));
}
