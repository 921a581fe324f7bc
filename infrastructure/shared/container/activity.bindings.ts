import { join } from 'node:path';
import type { Container } from 'inversify';
import { ACTIVITY_SETTINGS, ActivityFeeds } from '../../../application/activity/activityFeeds.query.js';
import { ActivityReadiness } from '../../../application/activity/activityReadiness.query.js';
import { PullRequestNumbers } from '../../../application/activity/pullRequestNumbers.query.js';
import { TOKENS } from '../../../application/shared/ports/tokens.js';
import { HmacFeedTokens } from '../../activity/hmacFeedTokens.js';
import type { Config } from '../config/config.js';

// The activity area's queries; its settings come from the configuration. Private feed tokens
// are signed with a key outside the log, as archive links are.
export function bindActivity(container: Container): void {
  const config = container.get<Config>(TOKENS.Config);
  container.bind(ACTIVITY_SETTINGS).toDynamicValue(() => container.get<Config>(TOKENS.Config).activity);
  container.bind(TOKENS.FeedTokens).toConstantValue(new HmacFeedTokens(join(config.dataDir, 'keys', 'feed-tokens.key'), process.env.FORGELOG_FEED_TOKEN_KEY));
  container.bind(ActivityFeeds).toSelf().inSingletonScope();
  container.bind(ActivityReadiness).toSelf().inSingletonScope();
  // Singleton: it keeps the numbers it worked out.
  container.bind(PullRequestNumbers).toSelf().inSingletonScope();
}
