// GitHub blocks pushed files larger than 100 MiB (its "file size limit of 100.00 MB"); the
// Contents API refuses them too.
export const MAX_PUSHED_FILE_BYTES = 100 * 1024 * 1024;

export interface PushedLargeFile {
  readonly path: string;
  readonly size: number;
}

const megabytes = (bytes: number): string => `${(bytes / (1024 * 1024)).toFixed(2)} MB`;

// The refusal of a push adding files over the limit, in GitHub's words (GH001, one line per
// file), or null when none is.
export function largeFilesRefusal(files: readonly PushedLargeFile[]): string | null {
  const over = files.filter((file) => file.size > MAX_PUSHED_FILE_BYTES);
  if (over.length === 0) return null;
  return [
    'GH001: Large files detected. You may want to try Git Large File Storage - https://git-lfs.github.com.',
    ...over.map((file) => `File ${file.path} is ${megabytes(file.size)}; this exceeds the file size limit of ${megabytes(MAX_PUSHED_FILE_BYTES)}`),
  ].join('\n');
}
