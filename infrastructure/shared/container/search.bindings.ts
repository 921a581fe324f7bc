import type { Container } from 'inversify';
import { CommitSearchQuery } from '../../../application/search/commitSearch.query.js';
import { IssueSearchQuery } from '../../../application/search/issueSearch.query.js';
import { CodeSearchQuery } from '../../../application/search/codeSearch.query.js';
import { CodeSearchCompiler } from '../../../application/search/codeSearchCompile.js';
import { RepositorySearchQuery } from '../../../application/search/repositorySearch.query.js';
import { SEARCH_SETTINGS, SearchRunner, type SearchSettings } from '../../../application/search/searchRunner.js';
import { SearchProjects } from '../../../application/search/searchProjects.js';
import { SearchScope } from '../../../application/search/searchScope.js';
import { SearchVisibility } from '../../../application/search/searchVisibility.js';
import { LabelSearchQuery } from '../../../application/search/labelSearch.query.js';
import { TopicSearchQuery } from '../../../application/search/topicSearch.query.js';
import { UserSearchQuery } from '../../../application/search/userSearch.query.js';
import { TOKENS } from '../../../application/shared/ports/tokens.js';
import type { Config } from '../config/config.js';

// The search area: one runner for the query language, one query per endpoint.
export function bindSearch(container: Container): void {
  const config = container.get<Config>(TOKENS.Config);
  container.bind<SearchSettings>(SEARCH_SETTINGS).toConstantValue({ timeLimitMs: config.search.timeLimitMs });
  container.bind(SearchScope).toSelf().inSingletonScope();
  container.bind(SearchVisibility).toSelf().inSingletonScope();
  container.bind(SearchProjects).toSelf().inSingletonScope();
  container.bind(SearchRunner).toSelf().inSingletonScope();
  container.bind(RepositorySearchQuery).toSelf().inSingletonScope();
  container.bind(CommitSearchQuery).toSelf().inSingletonScope();
  container.bind(IssueSearchQuery).toSelf().inSingletonScope();
  container.bind(CodeSearchCompiler).toSelf().inSingletonScope();
  container.bind(CodeSearchQuery).toSelf().inSingletonScope();
  container.bind(UserSearchQuery).toSelf().inSingletonScope();
  container.bind(TopicSearchQuery).toSelf().inSingletonScope();
  container.bind(LabelSearchQuery).toSelf().inSingletonScope();
}
