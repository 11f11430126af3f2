import type { GameItem } from '@platform/contracts/games';
import { betUnitsToMinor } from '@platform/contracts/money-format';
import { useTranslation } from 'react-i18next';
import { useSiteCurrency } from '../../../api/home-queries.ts';
import { errorText } from '../../../lib/api-client.ts';
import { useMoneyFormat } from '../../../lib/money-format.ts';
import { useRoomList } from '../api/get-room-list.ts';
import { GAMES_NS } from '../i18n/register-translations.ts';

/**
 * The live card rooms of the PVP lobby: game, stake, minimum balance, seats taken, the rake, and a
 * join button that opens the room's game at that room (the game's own page seats the member there).
 */
export function RoomList({
  games,
  isLogin,
  onJoin,
}: {
  games: readonly GameItem[];
  isLogin: boolean;
  onJoin: (game: GameItem, room: string) => void;
}) {
  const { t, i18n } = useTranslation(GAMES_NS);
  const rooms = useRoomList(i18n.language, isLogin);
  const number = new Intl.NumberFormat(i18n.language);
  const money = useMoneyFormat();
  const currency = useSiteCurrency();
  // The ante and the minimum balance come in the catalogue's bet units: shown as money.
  const amount = (units: number) => money(betUnitsToMinor(units, currency), currency);
  if (!isLogin) return <p className="rooms__note">{t('rooms.login')}</p>;
  if (rooms.isPending) return <p className="rooms__note">{t('lobby.loading')}</p>;
  if (rooms.isError) return <p className="rooms__note">{errorText(rooms.error)}</p>;
  const list = rooms.data.list;
  return (
    <section className="rooms" aria-labelledby="rooms-title">
      <h2 id="rooms-title" className="rooms__title">
        {t('rooms.title')}
      </h2>
      {list.length === 0 ? (
        <p className="rooms__note">{t('rooms.empty')}</p>
      ) : (
        <table className="rooms__table">
          <thead>
            <tr>
              <th scope="col">{t('rooms.room')}</th>
              <th scope="col">{t('rooms.stake')}</th>
              <th scope="col">{t('rooms.minBalance')}</th>
              <th scope="col">{t('rooms.seats')}</th>
              <th scope="col">{t('rooms.rake')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('rooms.join')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((room) => {
              const game = games.find((g) => g.nodeId === room.nodeId);
              return (
                <tr key={`${room.vassalage}-${room.roomId}`} data-room={room.roomCode}>
                  <td className="rooms__name">{room.roomName}</td>
                  <td data-label={t('rooms.stake')}>{amount(room.minBet)}</td>
                  <td data-label={t('rooms.minBalance')}>{room.minBalance === undefined ? '—' : amount(room.minBalance)}</td>
                  <td data-label={t('rooms.seats')}>{t('rooms.taken', { players: room.players, seats: room.seats })}</td>
                  <td data-label={t('rooms.rake')}>{room.rakePercent === undefined ? '—' : `${number.format(room.rakePercent)}%`}</td>
                  <td className="rooms__join">
                    <button
                      type="button"
                      className="button button--primary"
                      disabled={!game || !room.isOpen}
                      onClick={() => game && onJoin(game, room.roomCode)}
                    >
                      {room.isOpen ? t('rooms.join') : t('rooms.full')}
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
