import { PLAYBACK_SPEEDS } from '@lingocast/contract'
import { Gauge } from 'lucide-react'
import { Menu } from '../../../components/ui/Menu'
import { usePlayerValue } from '../hooks'
import type { Player } from '../player'
import { saveSpeed, speedLabel } from '../preferences'

/**
 * The playback-speed menu (0.5x to 2x): the shared menu button with radio
 * items, the current speed checked. The choice is kept in
 * player_speed_setting (spec 000 s3).
 */
export function SpeedMenu({ player }: { player: Player }) {
  const rate = usePlayerValue(player, (s) => s.rate)
  const items = PLAYBACK_SPEEDS.map((speed) => ({
    label: speedLabel(speed),
    checked: speed === rate,
    onSelect: () => {
      player.setRate(speed)
      saveSpeed(speed)
    },
  }))
  return (
    <Menu
      label={`Playback speed: ${speedLabel(rate)}`}
      menuLabel="Playback speed"
      items={items}
      menuClassName="w-32 tabular-nums"
      triggerClassName="inline-flex h-9 min-w-16 items-center justify-center gap-1.5 px-2.5 text-sm font-semibold tabular-nums text-slate-700 ring-1 ring-inset ring-slate-200"
      trigger={
        <>
          <Gauge className="h-4 w-4 text-slate-500" aria-hidden="true" />
          {speedLabel(rate)}
        </>
      }
    />
  )
}
