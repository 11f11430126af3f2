import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithSite } from '../test/render.tsx';
import { FormField } from './form-field.tsx';

describe('FormField', () => {
  it("marks a required field with an asterisk every font has, not the full-width '＊' that shows as a missing glyph", () => {
    renderWithSite(<FormField label="Tên đăng nhập" value="" onValueChange={() => {}} isRequired />);
    const input = screen.getByLabelText('Tên đăng nhập') as HTMLInputElement;
    expect(input.placeholder).toBe('*Tên đăng nhập');
    expect(document.body.textContent ?? '').not.toContain('\uFF0A');
    expect(input.getAttribute('aria-required')).toBe('true');
  });

  it('leaves an optional field unmarked', () => {
    renderWithSite(<FormField label="Email" value="" onValueChange={() => {}} />);
    expect((screen.getByLabelText('Email') as HTMLInputElement).placeholder).toBe('Email');
  });
});
