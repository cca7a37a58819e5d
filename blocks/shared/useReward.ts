import { type Recommender, useLocation, useSession } from '../../runtime/index.ts';
import { isChoosable, type Praemierung } from '../../schemas/praemien.ts';
import { type Loaded, useLoaded } from './useLoaded.ts';

/** No login and no reward link: the reward pages can only ask for one of them. */
export const NO_ACCESS = 'noAccess';

/**
 * The reward a reward page is about: a reward link's token in the query (`?token=`, from the reward mail)
 * is checked and kept; otherwise the reward named by `?praemierung=` among the caller's rewards (logged
 * in, or a reward link used earlier in this tab), else the first that can be chosen — one that is ready
 * (Bereitgestellt) before one that is not yet. Resolves null when there is none, NO_ACCESS without login
 * or link.
 */
export function useReward(recommender: Recommender): Loaded<Praemierung | null | typeof NO_ACCESS> {
  const { search } = useLocation();
  const { user } = useSession();
  const query = new URLSearchParams(search);
  const token = query.get('token');
  const wanted = query.get('praemierung');
  const loggedIn = user !== null;
  const hasLink = recommender.rewardToken !== null;
  // With a token in the URL nothing else matters (and keeping it does not load again).
  const key = token ? `token:${token}` : `${wanted}|${loggedIn}|${hasLink}`;
  const [loaded] = useLoaded(async () => {
    if (token) return recommender.acceptRewardLink(token);
    if (!loggedIn && !hasLink) return NO_ACCESS;
    // By id, the server answers that one reward however long the list (issue 17); else the newest page.
    const rewards = await recommender.loadRewards(wanted ?? undefined);
    if (wanted) return rewards.find((reward) => reward.Id === wanted) ?? null;
    const open = rewards.filter((reward) => isChoosable(reward.Status));
    return open.find((reward) => reward.Status === 'Bereitgestellt') ?? open[0] ?? null;
  }, [key]);
  return loaded;
}
