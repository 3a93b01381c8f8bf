// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { stubMatchMedia } from '../../../lib/testing/match-media';
import { LatePenaltyText } from './late-penalty-text';

// A late penalty in the gradebook and My grades (decision 0030): the grade that counts, with the
// original and the percent off.

beforeEach(() => {
  stubMatchMedia();
});
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

describe('LatePenaltyText', () => {
  it('shows "72 (90 - 20% late)", in Korean too, and nothing without a penalty', async () => {
    const cell = {
      gradedScore: 72,
      latePenalty: { originalScore: 90, penaltyPercent: 20, daysLate: 2 },
    };
    render(
      <MantineProvider>
        <LatePenaltyText cell={cell} />
      </MantineProvider>,
    );
    expect(screen.getByTestId('late-penalty').textContent).toBe('72 (90 - 20% late)');
    cleanup();
    await i18n.changeLanguage('ko');
    render(
      <MantineProvider>
        <LatePenaltyText cell={cell} />
      </MantineProvider>,
    );
    expect(screen.getByTestId('late-penalty').textContent).toBe('72 (90 - 지각 20%)');
    cleanup();
    render(
      <MantineProvider>
        <LatePenaltyText cell={{ gradedScore: 90, latePenalty: null }} />
      </MantineProvider>,
    );
    expect(screen.queryByTestId('late-penalty')).toBeNull();
  });
});
