import { ComingSoon } from '../components/ui/ComingSoon'

/** Screens that later issues own; each route still resolves so links and redirects work today. */
export const MyFeedScreen = () => <ComingSoon title="My Feed" />
export const DiscoverScreen = () => <ComingSoon title="Discover" />
export const FeedDetailScreen = () => <ComingSoon title="Feed" />
