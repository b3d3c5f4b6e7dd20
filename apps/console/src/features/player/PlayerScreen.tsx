import { ComingSoon } from '../../components/ui/ComingSoon'

/** Replaced by the player work of the library issue. */
export default function PlayerScreen() {
  return <ComingSoon title="Player" />
}
