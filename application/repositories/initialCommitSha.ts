import { createHash } from 'node:crypto';
import type { InitialCommitRecipe } from '../../domain/repositories/repository.events.js';
import { identText } from '../../domain/gitdata/gitObjectText.js';

const objectName = (type: string, content: Buffer): Buffer => createHash('sha1').update(`${type} ${content.length}\0`).update(content).digest();

// The name git gives the first commit RepositoryGit writes from this recipe (README.md alone
// in the tree, author and committer the same, dated `date` in UTC, commit-tree's `-m` ending
// the message with a newline), known before the commit exists: git hashes objects
// deterministically, so the event can record it and what reads the event can link to it.
export function initialCommitSha(recipe: InitialCommitRecipe, date: Date): string {
  const blob = objectName('blob', Buffer.from(recipe.readme, 'utf8'));
  const tree = objectName('tree', Buffer.concat([Buffer.from('100644 README.md\0', 'utf8'), blob]));
  const identity = `${identText(recipe.authorName)} <${identText(recipe.authorEmail)}> ${Math.floor(date.getTime() / 1000)} +0000`;
  const message = recipe.message.endsWith('\n') || recipe.message === '' ? recipe.message : `${recipe.message}\n`;
  const commit = `tree ${tree.toString('hex')}\nauthor ${identity}\ncommitter ${identity}\n\n${message}`;
  return objectName('commit', Buffer.from(commit, 'utf8')).toString('hex');
}
