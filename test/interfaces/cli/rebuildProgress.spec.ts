import { expect } from 'chai';
import { progressStyle } from '../../../interfaces/cli/rebuild.command.js';

describe('forgelog rebuild: its progress as the terminal can show it', () => {
  it('draws a bar per projection only on a terminal tall enough for all of them, plain lines otherwise', () => {
    expect(progressStyle({ isTTY: true, rows: 50 }, 22)).to.equal('bars');
    // Twenty-two bars on a 20-row terminal scrolled at every redraw and left copies behind.
    expect(progressStyle({ isTTY: true, rows: 20 }, 22)).to.equal('lines');
    expect(progressStyle({ isTTY: true, rows: 22 }, 22)).to.equal('lines');
    expect(progressStyle({ isTTY: true, rows: 20 }, 1)).to.equal('bars');
    expect(progressStyle({ isTTY: false, rows: 50 }, 1)).to.equal('lines');
    expect(progressStyle({}, 1)).to.equal('lines');
  });
});
