import type { GameImportField, GamesImportPreview } from '@platform/contracts/games';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminCall } from '../api/client.ts';
import { type Column, DataTable } from '../components/data-table.tsx';
import { DecisionDialog, Notice } from '../components/queue-parts.tsx';
import { useDecision } from '../components/use-queue.ts';
import { catalogueImportEn, catalogueImportVi, catalogueImportZh } from '../i18n/catalogue-import.ts';
import { addSectionTexts, errorText } from '../i18n/i18n.ts';

addSectionTexts('catalogueImport', { vi: catalogueImportVi, en: catalogueImportEn, zh: catalogueImportZh });

/** The spec's image size (the server refuses larger ones too). */
const IMAGE_BYTES_MAX = 5 * 1024 * 1024;

type Row = GamesImportPreview['rows'][number];
type File_ = { format: 'csv' | 'json'; content: string; name: string };

/** The file's format by its name: `.json` is JSON, anything else is read as CSV. */
export function formatOf(fileName: string): 'csv' | 'json' {
  return fileName.toLowerCase().endsWith('.json') ? 'json' : 'csv';
}

/**
 * The lines of a row's changes as the preview table writes them: "Field: before → after" for a
 * changed game (a name once per language that changes), "Field: value" for a new one.
 */
function useChangeLines() {
  const { t } = useTranslation();
  const valueText = (field: GameImportField, value: unknown): string => {
    if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)) {
      return t('catalogueImport.empty');
    }
    if (field === 'trial') return t(value ? 'catalogueImport.yes' : 'catalogueImport.no');
    if (field === 'classify' && Array.isArray(value)) return value.join(', ');
    if (field === 'category') return t(`gameCategories.${String(value)}`, { defaultValue: String(value) });
    return String(value);
  };
  return (row: Row): string[] =>
    row.changes.flatMap((change) => {
      const label = t(`catalogueImport.fields.${change.field}`);
      if (change.field === 'name') {
        const before = (change.before ?? {}) as Record<string, string>;
        const after = (change.after ?? {}) as Record<string, string>;
        return Object.keys(after)
          .filter((language) => before[language] !== after[language])
          .map((language) =>
            row.action === 'new'
              ? `${label} (${language}): ${after[language]}`
              : `${label} (${language}): ${valueText('name', before[language])} → ${after[language]}`,
          );
      }
      return row.action === 'new'
        ? [`${label}: ${valueText(change.field, change.after)}`]
        : [`${label}: ${valueText(change.field, change.before)} → ${valueText(change.field, change.after)}`];
    });
}

/**
 * The catalogue's import: the operator picks a CSV or JSON file, the server answers a preview
 * (new, changed, unchanged and refused rows, each refused row with what to fix), and "apply" sends
 * the same file with the preview's token. A catalogue changed in between is refused with a sentence.
 */
export function CatalogueImport() {
  const { t } = useTranslation();
  const changeLines = useChangeLines();
  const [file, setFile] = useState<File_ | null>(null);
  const [preview, setPreview] = useState<GamesImportPreview | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const check = useMutation({
    mutationFn: (chosen: File_) =>
      adminCall<GamesImportPreview>('POST', '/games/import/preview', { format: chosen.format, content: chosen.content }),
    onSuccess: (answer) => setPreview(answer),
  });
  const apply = useDecision(
    (value: { file: File_; token: string }) =>
      adminCall<{ counts: GamesImportPreview['counts'] }>('POST', '/games/import/apply', {
        format: value.file.format,
        content: value.file.content,
        token: value.token,
      }),
    (_value, result) => {
      setNotice(t('catalogueImport.applied', result.counts));
      setPreview(null);
      setFile(null);
    },
  );

  const choose = async (chosen: globalThis.File | undefined) => {
    setPreview(null);
    setNotice(null);
    apply.clearError();
    if (!chosen) return setFile(null);
    const next = { format: formatOf(chosen.name), content: await chosen.text(), name: chosen.name };
    setFile(next);
    check.mutate(next);
  };

  const columns: Column<Row>[] = [
    { key: 'row', header: t('catalogueImport.row'), numeric: true, cell: (r) => r.row },
    {
      key: 'game',
      header: t('catalogueImport.game'),
      cell: (r) => (
        <>
          <strong>{r.code}</strong> <span className="muted">{r.vendor}</span>
        </>
      ),
    },
    {
      key: 'result',
      header: t('catalogueImport.result'),
      cell: (r) => (
        <span className={`badge${r.action === 'refused' ? ' badge--warn' : ''}`}>{t(`catalogueImport.actions.${r.action}`)}</span>
      ),
    },
    {
      key: 'details',
      header: t('catalogueImport.details'),
      className: 'text',
      cell: (r) =>
        r.action === 'refused' ? (
          <ul className="plain-list">
            {r.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        ) : (
          <ul className="plain-list">
            {changeLines(r).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ),
    },
  ];
  const toApply = preview ? preview.counts.new + preview.counts.changed : 0;

  return (
    <div className="catalogue-import">
      <p className="muted">{t('catalogueImport.intro')}</p>
      <label className="field">
        {t('catalogueImport.file')}
        <input
          type="file"
          name="gamesFile"
          accept=".csv,.json,text/csv,application/json"
          onChange={(e) => void choose(e.target.files?.[0])}
        />
      </label>
      <Notice text={notice} />
      {check.isPending ? <p className="muted">{t('catalogueImport.reading')}</p> : null}
      {check.error ? (
        <p className="form-error" role="alert">
          {errorText(check.error)}
        </p>
      ) : null}
      {preview && file ? (
        <>
          <p data-testid="import-summary">
            <strong>{t('catalogueImport.summary', preview.counts)}</strong>
          </p>
          {preview.counts.refused > 0 ? <p className="muted">{t('catalogueImport.refusedHint')}</p> : null}
          <DataTable columns={columns} rows={preview.rows} rowKey={(r) => r.row} rowTestId={(r) => `import-row-${r.row}`} />
          {apply.error ? (
            <p className="form-error" role="alert">
              {apply.error}
            </p>
          ) : null}
          <p>
            <button
              type="button"
              className="button button--primary"
              disabled={toApply === 0 || apply.isPending}
              onClick={() => apply.run({ file, token: preview.token })}
            >
              {apply.isPending ? t('catalogueImport.applying') : t('catalogueImport.apply')}
            </button>{' '}
            {toApply === 0 ? <span className="muted">{t('catalogueImport.nothingToApply')}</span> : null}
          </p>
        </>
      ) : null}
    </div>
  );
}

/** Uploads a game's image: PNG, JPG, WebP or SVG up to 5 MB (the server sniffs the type and checks SVGs). */
export function GameImageDialog({
  game,
  onDone,
  onClose,
}: {
  game: { nodeId: number; label: string; imageUrl: string };
  onDone: (text: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<globalThis.File | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const upload = useDecision(
    (image: globalThis.File) => {
      const form = new FormData();
      form.append('image', image, image.name);
      return adminCall('POST', `/games/${game.nodeId}/image`, form);
    },
    () => onDone(t('catalogueImport.uploaded', { name: game.label })),
  );
  const submit = () => {
    if (!chosen) return setFieldError(t('catalogueImport.imageMissing'));
    if (chosen.size > IMAGE_BYTES_MAX) return setFieldError(t('catalogueImport.imageTooLarge'));
    setFieldError(null);
    return upload.run(chosen);
  };
  const shownUrl = game.imageUrl.startsWith('{') ? '' : game.imageUrl;
  return (
    <DecisionDialog
      title={t('catalogueImport.imageTitle', { name: game.label })}
      hint={t('catalogueImport.imageHint')}
      submitLabel={t('catalogueImport.upload')}
      error={fieldError ?? upload.error}
      isPending={upload.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      {shownUrl ? (
        <figure className="game-image-current">
          <img src={shownUrl} alt={t('catalogueImport.imageCurrent')} width={120} height={120} />
          <figcaption className="muted">{t('catalogueImport.imageCurrent')}</figcaption>
        </figure>
      ) : null}
      <label className="field">
        {t('catalogueImport.imageFile')}
        <input
          type="file"
          name="image"
          accept="image/png,image/jpeg,image/webp,image/svg+xml"
          onChange={(e) => setChosen(e.target.files?.[0] ?? null)}
        />
      </label>
    </DecisionDialog>
  );
}
