import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CategoryArt, GameArt, GameArtwork, motifOf } from './game-art.tsx';
import { VendorLogo, vendorInitials } from './vendor-logo.tsx';

describe('generated artwork', () => {
  it("draws a game's name in the language it is given, so English members read English", () => {
    const { rerender } = render(<GameArtwork src="" code="EL3" name="Xổ số nhanh 3 phút" category="ELOTT" />);
    expect(screen.getByTestId('game-art').textContent).toContain('Xổ số nhanh 3');
    rerender(<GameArtwork src="" code="EL3" name="Fast lottery 3 min" category="ELOTT" />);
    const art = screen.getByTestId('game-art');
    expect(art.textContent).toContain('Fast lottery 3');
    expect(art.textContent).not.toContain('Xổ');
    // Beside the visible name, the picture is not read out again.
    expect(art.getAttribute('aria-hidden')).toBe('true');
  });

  it("shows the vendor's own image when it sends one", () => {
    render(<GameArtwork src="/x.png" code="a" name="A" category="RNG" />);
    expect(screen.getByTestId('game-image').getAttribute('src')).toBe('/x.png');
    expect(screen.queryByTestId('game-art')).toBeNull();
  });

  it('gives two fast lottery games different balls and the same game the same picture every time', () => {
    const one = render(<GameArt code="EL1" name="a" category="ELOTT" />).container.innerHTML;
    const again = render(<GameArt code="EL1" name="a" category="ELOTT" />).container.innerHTML;
    const other = render(<GameArt code="EL3" name="a" category="ELOTT" />).container.innerHTML;
    const digits = (html: string) => [...html.matchAll(/<text[^>]*>(\d)<\/text>/g)].map((m) => m[1]).join('');
    expect(digits(one)).toBe(digits(again));
    expect(digits(one)).not.toBe(digits(other));
  });

  it("picks a motif from the game's theme, then its category", () => {
    expect(motifOf('lucky-sevens', 'RNG')).toBe('sevens');
    expect(motifOf('dragon-dice', 'RNG')).toBe('dice');
    expect(motifOf('MB', 'LOTT')).toBe('balls');
    expect(motifOf('x', 'FISH')).toBe('fish');
    expect(motifOf('x', 'RNG')).toBe('reels');
  });

  it('draws vendor logos with initials (never the first two letters) and category pictures', () => {
    expect(vendorInitials('Lotus Transfer Studio')).toBe('LTS');
    expect(vendorInitials('Xổ Số Việt Nam')).toBe('XSV');
    const { container } = render(
      <>
        <VendorLogo code="DEMO" name="Lotus Studio" />
        <CategoryArt gameType="LIVE" />
      </>,
    );
    expect(container.querySelector('.vendor-logo')?.textContent).toBe('LS');
    expect(container.querySelector('.category-art path')).not.toBeNull();
  });
});
