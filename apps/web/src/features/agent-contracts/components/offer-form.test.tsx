import { screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerMemberCentreTranslations } from '../../../i18n/member-centre/register-translations.ts';
import { useSessionStore } from '../../../state/session-store.ts';
import { LOGIN_VALUE } from '../../../test/fixtures.ts';
import { type ApiCall, ApiRefusal, mockApi, renderWithSite } from '../../../test/render.tsx';
import { registerAgentContractsTranslations } from '../i18n/register-translations.ts';
import { OfferForm } from './offer-form.tsx';

const OFFER = 'POST /wps/agent/contracts/MCS2_offerContract';
const TERMS_TOO_GOOD = "These terms are better than your own contract's; offer at most your own rates.";

describe('OfferForm', () => {
  beforeAll(() => {
    registerMemberCentreTranslations();
    registerAgentContractsTranslations();
  });
  beforeEach(() => useSessionStore.getState().signIn({ ...LOGIN_VALUE, isAgent: 1 }));

  it("starts from the agent's own terms and shows the server's refusal without closing", async () => {
    const offers: unknown[] = [];
    const api = mockApi({
      [OFFER]: (call: ApiCall) => {
        offers.push(call.body);
        return new ApiRefusal('agent_contract_terms_too_good', TERMS_TOO_GOOD, undefined, 400);
      },
    });
    const onDone = vi.fn();
    const onCancel = vi.fn();
    const own = [{ minBet: 0, minActiveMembers: 0, minNetLoss: 0, rateBasisPoints: 50 }];
    const { user } = renderWithSite(
      <OfferForm kind="dailyWage" holderUsername="agent02" currency="VND" ownTiers={own} onDone={onDone} onCancel={onCancel} />,
      { language: 'en' },
    );
    const form = screen.getByRole('form', { name: 'Offer a contract to agent02' });
    expect((within(form).getByLabelText('Rate (%)') as HTMLInputElement).value).toBe('0.5');

    await user.click(within(form).getByRole('button', { name: 'Send the offer' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(TERMS_TOO_GOOD);
    expect(offers).toEqual([
      {
        kind: 'dailyWage',
        holderUsername: 'agent02',
        tiers: [{ minBet: 0, minActiveMembers: 0, minNetLoss: 0, rateBasisPoints: 50 }],
        confirm: false,
      },
    ]);
    expect(api.callsTo(OFFER)).toHaveLength(1);
    expect(onDone).not.toHaveBeenCalled();
    expect(onCancel).not.toHaveBeenCalled();
  });
});
