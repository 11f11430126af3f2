import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Route, Routes, useParams, useSearchParams } from 'react-router';
import { adminCall, adminGet, queryString } from '../api/client.ts';
import { useSession } from '../api/session-store.ts';
import { type Column, DataTable, KeysetTable, PagedTable, Tabs } from '../components/data-table.tsx';
import { Notice, QueueState } from '../components/queue-parts.tsx';
import { PAGE_SIZE, useQueuePage } from '../components/use-queue.ts';
import { errorText } from '../i18n/i18n.ts';
import { dateTime, money } from '../lib/format.ts';
import { mayUse } from '../lib/sections.ts';
import { MemberActions } from './member-actions.tsx';
import { MemberGrants } from './member-grants.tsx';
import { MemberResponsibleGaming, MemberRgHistory, MemberRgTriggers } from './member-rg.tsx';
import { Bets, Deposits, Team, Transactions, Withdrawals } from './member-tabs.tsx';

/* The shapes of docs/admin-api.md, "Member search and member file" (member-overview.admin-routes.ts). */
type MemberStatus = 'active' | 'locked' | 'closed';
type MemberRow = { id: number; username: string; accountType: number; status: MemberStatus; createdAt: string; lastLoginAt: string | null };
type Note = { id: number; adminId: number; text: string; createdAt: string };
type MemberDetail = {
  profile: MemberRow & {
    nickname: string | null;
    payeeName: string | null;
    currency: string;
    mobileNum: string | null;
    email: string | null;
    lastLoginIp: string | null;
    loginCount: number;
    mustChangePassword: boolean;
    registerIp: string | null;
  };
  upline: { id: number; username: string | null }[];
  balances: { currency: string; main: number; bonus: number; agent: number; locked: number; sum: number };
  gameWallets: { vendorCode: string; balance: number | null }[];
  labels: { names: string[]; club: { name: string; rankLevel: number } | null };
  responsibleGaming: {
    limits: { amount: number | null }[];
    breakUntil: string | null;
    selfExcludedUntil: string | null;
    isPermanentlyExcluded: boolean;
  };
  kycStatus: string;
  bankCards: { id: number; bankName: string; accountName: string; maskedAccountNumber: string; status: 'active' | 'removed' }[];
  totals: { deposits: number; depositCount: number; withdrawals: number };
  notes: Note[];
};
type Login = { id: number; createdAt: string; result: 'success' | 'failed'; method: string; ip: string | null; userAgent: string | null };
type Linked = {
  memberId: number;
  username: string;
  status: MemberStatus;
  links: { kind: 'ip' | 'device' | 'bank_card' | 'payee'; value: string }[];
};

const SEARCH_FIELDS = ['username', 'phone', 'email', 'bankAccount', 'ip'] as const;
type SearchField = (typeof SEARCH_FIELDS)[number];
const TABS = ['logins', 'linked', 'transactions', 'bets', 'deposits', 'withdrawals', 'team'] as const;
type Tab = (typeof TABS)[number];

/** Members: a search by name, mobile, e-mail, bank account or IP, and each member's file at `members/:memberId`. */
export default function MembersSection() {
  return (
    <Routes>
      <Route index element={<MemberSearch />} />
      <Route path=":memberId" element={<MemberFile />} />
    </Routes>
  );
}

function useLanguage() {
  const { t, i18n } = useTranslation();
  return { t, language: i18n.language };
}

function StatusBadge({ status }: { status: MemberStatus }) {
  const { t } = useTranslation();
  return <span className={`badge${status === 'active' ? '' : ' badge--warn'}`}>{t(`members.status.${status}`)}</span>;
}

function accountTypeText(t: ReturnType<typeof useTranslation>['t'], type: number): string {
  if (type === 0) return t('members.accountTypes.member');
  if (type === 4) return t('members.accountTypes.trial');
  return t('members.accountTypes.agent', { type });
}

/** The search: its field and text live in the address, so a search can be shared and Back returns to it. */
function MemberSearch() {
  const { t } = useLanguage();
  const [params, setParams] = useSearchParams();
  const by = (SEARCH_FIELDS as readonly string[]).includes(params.get('by') ?? '') ? (params.get('by') as SearchField) : 'username';
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [field, setField] = useState<SearchField>(by);
  const [text, setText] = useState(q);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') {
      setProblem(t('members.queryRequired'));
      return;
    }
    setProblem(null);
    setParams({ by: field, q: text.trim(), page: '1' });
  };
  return (
    <section className="section" aria-labelledby="members-title">
      <header className="section__head">
        <h1 id="members-title">{t('members.title')}</h1>
        <form className="filters" noValidate onSubmit={submit}>
          <label>
            {t('members.searchBy')}
            <select name="by" value={field} onChange={(event) => setField(event.target.value as SearchField)}>
              {SEARCH_FIELDS.map((each) => (
                <option key={each} value={each}>
                  {t(`members.by.${each}`)}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('members.query')}
            <input name="q" type="search" maxLength={100} value={text} onChange={(event) => setText(event.target.value)} />
          </label>
          <button type="submit" className="button button--primary">
            {t('members.search')}
          </button>
        </form>
      </header>
      {problem ? (
        <p className="alert alert--error" role="alert">
          {problem}
        </p>
      ) : null}
      {q === '' ? (
        <p className="muted">{t('members.prompt')}</p>
      ) : (
        <SearchResults
          path={`/members/search${queryString({ q, by, pageNo: page, pageSize: PAGE_SIZE })}`}
          page={page}
          onPage={(next) => setParams({ by, q, page: String(next) })}
        />
      )}
    </section>
  );
}

function SearchResults({ path, page, onPage }: { path: string; page: number; onPage: (page: number) => void }) {
  const { t, language } = useLanguage();
  const found = useQueuePage<MemberRow>('members', path);
  const columns: Column<MemberRow>[] = [
    {
      key: 'username',
      header: t('members.username'),
      cell: (member) => <Link to={`/members/${member.id}`}>{member.username}</Link>,
    },
    { key: 'status', header: t('common.status'), cell: (member) => <StatusBadge status={member.status} /> },
    { key: 'type', header: t('members.accountType'), cell: (member) => accountTypeText(t, member.accountType) },
    { key: 'registered', header: t('members.registered'), cell: (member) => dateTime(member.createdAt, language) },
    {
      key: 'lastLogin',
      header: t('members.lastLogin'),
      cell: (member) => (member.lastLoginAt ? dateTime(member.lastLoginAt, language) : t('members.never')),
    },
  ];
  return (
    <PagedTable
      query={found}
      page={page}
      onPage={onPage}
      columns={columns}
      rowKey={(member) => member.id}
      rowTestId={(member) => `member-${member.id}`}
    />
  );
}

function Facts({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card member-card">
      <h2>{title}</h2>
      <dl className="facts">{children}</dl>
    </section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The agent tree is a tab of agents' files only (account types other than member 0 and trial 4). */
function tabsFor(accountType: number | undefined): readonly Tab[] {
  return accountType === undefined || accountType === 0 || accountType === 4 ? TABS.filter((each) => each !== 'team') : TABS;
}

function MemberFile() {
  const { t } = useLanguage();
  const memberId = Number(useParams().memberId);
  const [tab, setTab] = useState<Tab>('logins');
  const detail = useQuery({
    queryKey: ['member', memberId, 'detail'],
    queryFn: () => adminGet<MemberDetail>(`/members/${memberId}/detail`),
  });
  return (
    <section className="section" aria-labelledby="member-title">
      <p>
        <Link to="/members">{t('members.back')}</Link>
      </p>
      <QueueState isLoading={detail.isLoading} error={detail.error} isEmpty={false} onRetry={() => void detail.refetch()}>
        {detail.data ? <FileBody memberId={memberId} file={detail.data} /> : null}
        <Tabs tabs={tabsFor(detail.data?.profile.accountType)} value={tab} onChange={setTab} label={(each) => t(`members.tabs.${each}`)} />
        <div role="tabpanel" className="member-tab">
          {tab === 'logins' ? <Logins memberId={memberId} /> : null}
          {tab === 'linked' ? <LinkedMembers memberId={memberId} /> : null}
          {tab === 'transactions' ? <Transactions memberId={memberId} /> : null}
          {tab === 'bets' ? <Bets memberId={memberId} /> : null}
          {tab === 'deposits' ? <Deposits memberId={memberId} /> : null}
          {tab === 'withdrawals' ? <Withdrawals memberId={memberId} /> : null}
          {tab === 'team' ? <Team memberId={memberId} /> : null}
        </div>
      </QueueState>
    </section>
  );
}

function FileBody({ memberId, file }: { memberId: number; file: MemberDetail }) {
  const { t, language } = useLanguage();
  const { profile, balances, responsibleGaming: rg } = file;
  const amount = (value: number) => money(value, balances.currency, language);
  // A limit kind the member has not set comes with a null amount.
  const limitsSet = rg.limits.filter((limit) => limit.amount !== null).length;
  const rgText = rg.isPermanentlyExcluded
    ? t('members.rgPermanent')
    : rg.selfExcludedUntil
      ? t('members.rgExcluded', { until: dateTime(rg.selfExcludedUntil, language) })
      : rg.breakUntil
        ? t('members.rgBreak', { until: dateTime(rg.breakUntil, language) })
        : limitsSet > 0
          ? t('members.rgLimits', { count: limitsSet })
          : t('members.rgNone');
  const kycKey = ['none', 'pending', 'approved', 'rejected'].includes(file.kycStatus) ? file.kycStatus : 'none';
  return (
    <>
      <header className="section__head">
        <h1 id="member-title">{t('members.fileTitle', { username: profile.username })}</h1>
        <StatusBadge status={profile.status} />
      </header>
      <div className="member-grid">
        <Facts title={t('members.profile')}>
          <Fact label={t('members.accountType')}>{accountTypeText(t, profile.accountType)}</Fact>
          <Fact label={t('members.nickname')}>{profile.nickname ?? '—'}</Fact>
          <Fact label={t('members.payeeName')}>{profile.payeeName ?? '—'}</Fact>
          <Fact label={t('members.mobile')}>{profile.mobileNum ?? '—'}</Fact>
          <Fact label={t('members.email')}>{profile.email ?? '—'}</Fact>
          <Fact label={t('members.currency')}>{profile.currency}</Fact>
          <Fact label={t('members.registered')}>
            {dateTime(profile.createdAt, language)}
            {profile.registerIp ? ` · ${profile.registerIp}` : ''}
          </Fact>
          <Fact label={t('members.lastLogin')}>
            {profile.lastLoginAt ? dateTime(profile.lastLoginAt, language) : t('members.never')}
            {profile.lastLoginIp ? ` · ${profile.lastLoginIp}` : ''}
          </Fact>
          <Fact label={t('members.loginCount')}>{profile.loginCount}</Fact>
          {profile.mustChangePassword ? <Fact label={t('common.note')}>{t('members.mustChangePassword')}</Fact> : null}
          <Fact label={t('members.upline')}>
            {file.upline.length === 0 ? (
              t('members.noUpline')
            ) : (
              <span data-testid="upline">
                {file.upline.map((each, index) => (
                  <span key={each.id}>
                    {index > 0 ? ' › ' : ''}
                    <Link to={`/members/${each.id}`}>{each.username ?? `#${each.id}`}</Link>
                  </span>
                ))}
              </span>
            )}
          </Fact>
        </Facts>
        <Facts title={t('members.balances')}>
          <Fact label={t('members.main')}>
            <span data-testid="balance-main">{amount(balances.main)}</span>
          </Fact>
          <Fact label={t('members.bonus')}>{amount(balances.bonus)}</Fact>
          <Fact label={t('members.agent')}>{amount(balances.agent)}</Fact>
          <Fact label={t('members.locked')}>{amount(balances.locked)}</Fact>
          <Fact label={t('members.sum')}>{amount(balances.sum)}</Fact>
          {file.gameWallets.map((wallet) => (
            <Fact key={wallet.vendorCode} label={`${t('members.gameWallets')}: ${wallet.vendorCode}`}>
              {wallet.balance === null ? t('members.notAnswered') : amount(wallet.balance)}
            </Fact>
          ))}
          <Fact label={t('members.deposits', { count: file.totals.depositCount })}>{amount(file.totals.deposits)}</Fact>
          <Fact label={t('members.withdrawals')}>{amount(file.totals.withdrawals)}</Fact>
        </Facts>
        <Facts title={t('members.standing')}>
          <Fact label={t('members.labels')}>{file.labels.names.length > 0 ? file.labels.names.join(', ') : t('members.none')}</Fact>
          <Fact label={t('members.club')}>
            {file.labels.club
              ? t('members.clubLevel', { name: file.labels.club.name, level: file.labels.club.rankLevel })
              : t('members.none')}
          </Fact>
          <Fact label={t('members.rg')}>{rgText}</Fact>
          <Fact label={t('members.kyc')}>{t(`members.kycStatus.${kycKey}`)}</Fact>
          <Fact label={t('members.bankCards')}>
            {file.bankCards.length === 0 ? (
              t('members.none')
            ) : (
              <ul className="plain-list">
                {file.bankCards.map((card) => (
                  <li key={card.id}>
                    {card.bankName} · {card.maskedAccountNumber} · {card.accountName}
                    {card.status === 'removed' ? ` (${t('members.removed')})` : ''}
                  </li>
                ))}
              </ul>
            )}
          </Fact>
        </Facts>
      </div>
      <MemberActions member={{ id: memberId, username: profile.username, status: profile.status, labelNames: file.labels.names }} />
      <MemberResponsibleGaming member={{ id: memberId, username: profile.username, currency: balances.currency }} />
      <MemberRgHistory member={{ id: memberId, currency: balances.currency }} />
      <MemberRgTriggers member={{ id: memberId }} />
      <MemberGrants member={{ id: memberId, username: profile.username, currency: balances.currency }} />
      <Notes memberId={memberId} notes={file.notes} />
    </>
  );
}

function Notes({ memberId, notes }: { memberId: number; notes: Note[] }) {
  const { t, language } = useLanguage();
  const operator = useSession()?.admin;
  const client = useQueryClient();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: (body: { text: string }) => adminCall<Note>('POST', `/members/${memberId}/note`, body),
    onMutate: () => setProblem(null),
    onError: (failure) => setProblem(errorText(failure)),
    onSuccess: async () => {
      setText('');
      setNotice(t('members.noteAdded'));
      await client.invalidateQueries({ queryKey: ['member', memberId, 'detail'] });
    },
  });
  const mayNote = operator ? mayUse(operator, 'member:note') : false;
  return (
    <section className="card member-notes" aria-labelledby="member-notes-title">
      <h2 id="member-notes-title">{t('members.notes')}</h2>
      {notes.length === 0 ? (
        <p className="muted">{t('members.noNotes')}</p>
      ) : (
        <ul className="plain-list">
          {notes.map((note) => (
            <li key={note.id}>
              <span className="muted">
                {dateTime(note.createdAt, language)} · {t('members.noteBy', { id: note.adminId })}
              </span>
              <p className="text">{note.text}</p>
            </li>
          ))}
        </ul>
      )}
      <Notice text={notice} />
      {mayNote ? (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            setNotice(null);
            if (text.trim() === '') {
              setProblem(t('members.noteRequired'));
              return;
            }
            add.mutate({ text: text.trim() });
          }}
        >
          <label className="field">
            {t('members.noteText')}
            <textarea name="note" maxLength={2000} value={text} onChange={(event) => setText(event.target.value)} />
          </label>
          {problem ? (
            <p className="alert alert--error" role="alert">
              {problem}
            </p>
          ) : null}
          <button type="submit" className="button button--primary" disabled={add.isPending}>
            {t('members.addNote')}
          </button>
        </form>
      ) : null}
    </section>
  );
}

function Logins({ memberId }: { memberId: number }) {
  const { t, language } = useLanguage();
  const [before, setBefore] = useState<number | undefined>(undefined);
  const logins = useQuery({
    queryKey: ['member', memberId, 'logins', before],
    placeholderData: keepPreviousData,
    queryFn: () =>
      adminGet<{ list: Login[]; nextBefore: number | null }>(`/members/${memberId}/logins${queryString({ before, limit: PAGE_SIZE })}`),
  });
  const columns: Column<Login>[] = [
    { key: 'time', header: t('members.time'), cell: (login) => dateTime(login.createdAt, language) },
    {
      key: 'result',
      header: t('members.result'),
      cell: (login) => (
        <span className={`badge${login.result === 'success' ? '' : ' badge--warn'}`}>{t(`members.loginResult.${login.result}`)}</span>
      ),
    },
    {
      key: 'method',
      header: t('members.method'),
      cell: (login) => t(`members.loginMethod.${login.method}`, { defaultValue: login.method }),
    },
    { key: 'ip', header: t('members.ip'), cell: (login) => login.ip ?? '—' },
    { key: 'agent', header: t('members.userAgent'), className: 'text', cell: (login) => login.userAgent ?? '—' },
  ];
  return <KeysetTable query={logins} before={before} onBefore={setBefore} columns={columns} rowKey={(login) => login.id} />;
}

function LinkedMembers({ memberId }: { memberId: number }) {
  const { t } = useLanguage();
  const linked = useQuery({
    queryKey: ['member', memberId, 'linked'],
    queryFn: () => adminGet<{ list: Linked[] }>(`/members/${memberId}/linked`),
  });
  const columns: Column<Linked>[] = [
    { key: 'username', header: t('members.username'), cell: (other) => <Link to={`/members/${other.memberId}`}>{other.username}</Link> },
    { key: 'status', header: t('common.status'), cell: (other) => <StatusBadge status={other.status} /> },
    {
      key: 'links',
      header: t('members.links'),
      cell: (other) => other.links.map((link) => `${t(`members.linkKind.${link.kind}`)}: ${link.value}`).join('; '),
    },
  ];
  return (
    <QueueState
      isLoading={linked.isLoading}
      error={linked.error}
      isEmpty={(linked.data?.list.length ?? 0) === 0}
      onRetry={() => void linked.refetch()}
    >
      <DataTable
        columns={columns}
        rows={linked.data?.list ?? []}
        rowKey={(other) => other.memberId}
        rowTestId={(other) => `linked-${other.memberId}`}
      />
    </QueueState>
  );
}
