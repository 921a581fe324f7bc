import { expect } from 'chai';
import { largeFilesRefusal, MAX_PUSHED_FILE_BYTES } from '../../../domain/gitdata/pushedFileSize.js';

describe('pushed file size: GitHub blocks files larger than 100 MiB', () => {
  it('lets a file of exactly 100 MiB through, and refuses one byte more in GH001 words, one line per file', () => {
    expect(largeFilesRefusal([])).to.equal(null);
    expect(largeFilesRefusal([{ path: 'edge.bin', size: MAX_PUSHED_FILE_BYTES }])).to.equal(null);
    expect(
      largeFilesRefusal([
        { path: 'edge.bin', size: MAX_PUSHED_FILE_BYTES },
        { path: 'data/big.db', size: 169_345_024 },
        { path: 'one more.bin', size: MAX_PUSHED_FILE_BYTES + 1 },
      ]),
    ).to.equal(
      [
        'GH001: Large files detected. You may want to try Git Large File Storage - https://git-lfs.github.com.',
        'File data/big.db is 161.50 MB; this exceeds the file size limit of 100.00 MB',
        'File one more.bin is 100.00 MB; this exceeds the file size limit of 100.00 MB',
      ].join('\n'),
    );
  });
});
