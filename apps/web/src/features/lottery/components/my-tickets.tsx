import type { LotteryTicket } from '@platform/contracts/lottery';
import { useMoneyFormat } from '../../../lib/money-format.ts';
import { useLotteryTranslation } from '../i18n/register-translations.ts';

/** The member's tickets on this game, newest first: each line's numbers, hits and payout once settled. */
export function MyTickets({ tickets, isPending, isError }: { tickets: LotteryTicket[] | undefined; isPending: boolean; isError: boolean }) {
  const { t } = useLotteryTranslation();
  const money = useMoneyFormat();
  return (
    <section className="lottery-card lottery-tickets" aria-labelledby="lottery-tickets-title">
      <h2 id="lottery-tickets-title" className="lottery-card__title">
        {t('tickets.title')}
      </h2>
      {isPending && <p className="lottery-state">{t('loading')}</p>}
      {isError && <p className="lottery-state lottery-error">{t('tickets.error')}</p>}
      {tickets && tickets.length === 0 && <p className="lottery-state">{t('tickets.empty')}</p>}
      {tickets && tickets.length > 0 && (
        <ul className="lottery-tickets__list">
          {tickets.map((ticket) => (
            <li key={ticket.ticketId} className="lottery-ticket" data-ticket-id={ticket.ticketId} data-status={ticket.status}>
              <div className="lottery-ticket__head">
                <span>{t('tickets.numero', { numero: ticket.numero })}</span>
                <span className={`lottery-pill lottery-pill--${ticket.status}`}>{t(`status.${ticket.status}`)}</span>
              </div>
              <table className="lottery-ticket__lines">
                <caption className="visually-hidden">{t('tickets.caption', { ticketId: ticket.ticketId })}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('tickets.bet')}</th>
                    <th scope="col">{t('tickets.stake')}</th>
                    <th scope="col">{t('tickets.hits')}</th>
                    <th scope="col">{t('tickets.payout')}</th>
                  </tr>
                </thead>
                <tbody>
                  {ticket.lines.map((line) => (
                    <tr key={line.lineNo} data-bet-type={line.betType}>
                      <td>
                        {t(`betTypes.${line.betType}`)} {line.numbers.join(' - ')}
                      </td>
                      <td>{money(line.stake, ticket.currency)}</td>
                      <td data-hits={line.hits ?? ''}>{line.hits ?? '–'}</td>
                      <td data-payout={line.payout ?? ''}>{line.payout === null ? '–' : money(line.payout, ticket.currency)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <p className="lottery-ticket__sum">
                {t('tickets.total', { stake: money(ticket.totalStake, ticket.currency) })}
                {ticket.payout !== null && (
                  <strong data-ticket-payout={ticket.payout}> {t('tickets.won', { payout: money(ticket.payout, ticket.currency) })}</strong>
                )}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
