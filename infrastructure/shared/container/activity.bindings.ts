import type { Container } from 'inversify';
import { ACTIVITY_SETTINGS, ActivityFeeds } from '../../../application/activity/activityFeeds.query.js';
import { ActivityReadiness } from '../../../application/activity/activityReadiness.query.js';
import { PullRequestNumbers } from '../../../application/activity/pullRequestNumbers.query.js';
import { TOKENS } from '../../../application/shared/ports/tokens.js';
import type { Config } from '../config/config.js';

// The activity area's queries; its settings come from the configuration.
export function bindActivity(container: Container): void {
  container.bind(ACTIVITY_SETTINGS).toDynamicValue(() => container.get<Config>(TOKENS.Config).activity);
  container.bind(ActivityFeeds).toSelf().inSingletonScope();
  container.bind(ActivityReadiness).toSelf().inSingletonScope();
  // Singleton: it keeps the numbers it worked out.
  container.bind(PullRequestNumbers).toSelf().inSingletonScope();
}
