import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockApi, renderWithSite } from '../../../test/render.tsx';
import { registerJoinTranslations } from '../i18n/register-translations.ts';
import { JoinProgramme } from './join-programme.tsx';

describe('JoinProgramme', () => {
  beforeAll(registerJoinTranslations);

  it('shows the reference after an application and fills in the look-up with it', async () => {
    mockApi({
      'POST /wps/agent/applications': {
        reference: 'AG-7K3M9Q2XAB',
        status: 'pending',
        createdAt: '2026-11-26T03:00:00.000Z',
        answeredAt: null,
        answer: null,
      },
    });
    const { user } = renderWithSite(<JoinProgramme />, { language: 'en' });
    expect(screen.getByRole('heading', { name: 'Become a Lotus agent' })).toBeTruthy();
    expect(screen.getAllByRole('listitem').length).toBeGreaterThanOrEqual(8);
    await user.type(screen.getByLabelText('Full name'), 'An Nguyen');
    await user.type(screen.getByLabelText('Mobile number', { selector: 'input[autocomplete="tel"]' }), '+84912345678');
    await user.click(screen.getByLabelText('I am a professional agent'));
    await user.click(screen.getByRole('button', { name: 'Send application' }));
    expect((await screen.findByTestId('application-reference')).textContent).toBe('AG-7K3M9Q2XAB');
    expect(screen.getByTestId('application-status').textContent).toContain('Being reviewed');
    expect((screen.getByLabelText('Reference') as HTMLInputElement).value).toBe('AG-7K3M9Q2XAB');
    expect((screen.getByLabelText('Mobile number') as HTMLInputElement).value).toBe('+84912345678');

    await user.click(screen.getByRole('button', { name: 'Send another application' }));
    expect(screen.getByRole('button', { name: 'Send application' })).toBeTruthy();
  });
});
