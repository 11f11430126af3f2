import { imageUrl } from '@platform/contracts/content';
import { MEDIA_BYTES_MAX, type MediaFile } from '@platform/contracts/media';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mediaPage, uploadMedia } from '../api/media.ts';
import { addSectionTexts, errorText } from '../i18n/i18n.ts';

const textsEn = {
  upload: 'Upload a picture',
  uploading: 'Uploading… {{percent}} %',
  uploaded: 'Uploaded: {{width}} × {{height}} px. Save the form to use it.',
  pick: 'Choose an uploaded picture',
  closePick: 'Close the list',
  recent: 'Uploaded pictures, the latest first',
  recentEmpty: 'No picture has been uploaded yet.',
  recentError: 'The uploaded pictures could not be read. Try again.',
  more: 'Show more',
  use: 'Use this picture ({{width}} × {{height}} px)',
  hint: 'PNG, JPG or WebP, 2 MB at most. Or type an address on this site (/…) or an https address.',
  tooLarge: 'A picture may be at most 2 MB. Make it smaller or choose another one.',
};
addSectionTexts<typeof textsEn>('imageField', {
  en: textsEn,
  vi: {
    upload: 'Tải ảnh lên',
    uploading: 'Đang tải lên… {{percent}} %',
    uploaded: 'Đã tải lên: {{width}} × {{height}} px. Hãy lưu biểu mẫu để dùng ảnh này.',
    pick: 'Chọn ảnh đã tải lên',
    closePick: 'Đóng danh sách',
    recent: 'Ảnh đã tải lên, mới nhất trước',
    recentEmpty: 'Chưa có ảnh nào được tải lên.',
    recentError: 'Không đọc được danh sách ảnh đã tải lên. Vui lòng thử lại.',
    more: 'Xem thêm',
    use: 'Dùng ảnh này ({{width}} × {{height}} px)',
    hint: 'PNG, JPG hoặc WebP, tối đa 2 MB. Hoặc nhập địa chỉ trên trang này (/…) hay địa chỉ https.',
    tooLarge: 'Ảnh tối đa 2 MB. Vui lòng thu nhỏ ảnh hoặc chọn ảnh khác.',
  },
  zh: {
    upload: '上传图片',
    uploading: '正在上传… {{percent}} %',
    uploaded: '已上传：{{width}} × {{height}} 像素。保存表单后生效。',
    pick: '选择已上传的图片',
    closePick: '关闭列表',
    recent: '已上传的图片，最新在前',
    recentEmpty: '还没有上传过图片。',
    recentError: '无法读取已上传的图片，请重试。',
    more: '显示更多',
    use: '使用此图片（{{width}} × {{height}} 像素）',
    hint: 'PNG、JPG 或 WebP，最大 2 MB。也可以输入本站地址（/…）或 https 地址。',
    tooLarge: '图片最大 2 MB。请缩小图片或选择其他图片。',
  },
});

const PAGE_SIZE = 12;

/**
 * An image address field shared by the console's forms (promotion cards, banners, mall items): the
 * address may be typed (a site path or an https address) or come from a picture uploaded here
 * (`POST /admin-api/media`, with its progress and refusal shown) or picked again from the merchant's
 * uploads. The preview shows whatever address the field holds once it is a valid one.
 */
export function ImageField(props: {
  label: string;
  name: string;
  value: string;
  onChange: (address: string) => void;
  placeholder?: string;
  /** Extra help under the field, before the upload hint. */
  hint?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [uploaded, setUploaded] = useState<MediaFile | null>(null);
  const [picking, setPicking] = useState(false);
  const [pages, setPages] = useState(1);
  const recent = useQuery({
    queryKey: ['media', pages],
    queryFn: () => mediaPage(1, PAGE_SIZE * pages),
    enabled: picking,
  });
  const address = props.value.trim();
  const isValid = address !== '' && imageUrl.safeParse(address).success;

  async function upload(file: File) {
    setError(null);
    setUploaded(null);
    if (file.size > MEDIA_BYTES_MAX) {
      setError(t('imageField.tooLarge'));
      return;
    }
    setProgress(0);
    try {
      const done = await uploadMedia(file, setProgress);
      setUploaded(done);
      props.onChange(done.address);
      void recent.refetch();
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setProgress(null);
      if (fileInput.current) fileInput.current.value = '';
    }
  }

  return (
    <div className="image-field" data-testid={`image-field-${props.name}`}>
      <label className="field" htmlFor={`${id}-address`}>
        {props.label}
        <input
          id={`${id}-address`}
          name={props.name}
          value={props.value}
          onChange={(event) => {
            setUploaded(null);
            setError(null);
            props.onChange(event.target.value);
          }}
          maxLength={500}
          placeholder={props.placeholder}
          autoComplete="off"
          aria-describedby={`${id}-hint`}
        />
      </label>
      <p className="muted image-field__hint" id={`${id}-hint`}>
        {props.hint ? `${props.hint} ` : ''}
        {t('imageField.hint')}
      </p>
      <div className="image-field__actions">
        <input
          ref={fileInput}
          type="file"
          accept="image/png,image/jpeg,image/webp"
          className="image-field__file"
          aria-label={`${props.label}: ${t('imageField.upload')}`}
          data-testid={`image-upload-${props.name}`}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void upload(file);
          }}
        />
        <button type="button" className="button" disabled={progress !== null} onClick={() => fileInput.current?.click()}>
          {t('imageField.upload')}
        </button>
        <button type="button" className="button" aria-expanded={picking} onClick={() => setPicking((open) => !open)}>
          {picking ? t('imageField.closePick') : t('imageField.pick')}
        </button>
      </div>
      {progress !== null ? (
        <div className="image-field__progress" role="status">
          <progress max={100} value={progress} />
          <span>{t('imageField.uploading', { percent: progress })}</span>
        </div>
      ) : null}
      {error ? (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      ) : null}
      {uploaded && uploaded.address === address ? (
        <p className="muted" role="status">
          {t('imageField.uploaded', { width: uploaded.width, height: uploaded.height })}
        </p>
      ) : null}
      {isValid ? <img className="thumb thumb--preview image-field__preview" src={address} alt="" /> : null}
      {picking ? (
        <section className="image-field__recent" aria-label={t('imageField.recent')}>
          {recent.isError ? (
            <p className="alert alert--error" role="alert">
              {t('imageField.recentError')}
            </p>
          ) : recent.data && recent.data.list.length === 0 ? (
            <p className="muted">{t('imageField.recentEmpty')}</p>
          ) : (
            <ul className="image-field__grid">
              {(recent.data?.list ?? []).map((file) => (
                <li key={file.address}>
                  <button
                    type="button"
                    className="image-field__pick"
                    aria-pressed={file.address === address}
                    title={t('imageField.use', { width: file.width, height: file.height })}
                    onClick={() => {
                      props.onChange(file.address);
                      setUploaded(null);
                      setError(null);
                      setPicking(false);
                    }}
                  >
                    <img src={file.address} alt={t('imageField.use', { width: file.width, height: file.height })} loading="lazy" />
                  </button>
                </li>
              ))}
            </ul>
          )}
          {recent.data && recent.data.totalCount > recent.data.list.length ? (
            <button type="button" className="button" onClick={() => setPages((n) => n + 1)}>
              {t('imageField.more')}
            </button>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
