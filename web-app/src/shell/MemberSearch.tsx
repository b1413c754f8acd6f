import { Loader } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { fullName, resolveIdentifier, useMemberSearch } from '../api/contacts.ts';
import { LastVisit, MembershipSummary } from '../components/MemberSummary.tsx';

/**
 * The header's search box, on every page: `/` and Ctrl+K focus it; results from the second
 * character, each saying whether the member can come in (status, plan, last visit); arrows move,
 * Enter opens the member (or the Members page for the whole list).
 */
export function MemberSearch({ locationId, zone, locale }: { locationId: string; zone: string; locale: string }) {
  const { t } = useTranslation('shell');
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const input = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const listId = useId();
  const { data, isFetching } = useMemberSearch(term, locationId, 8);
  const results = term.trim().length >= 2 ? (data?.data ?? []) : [];

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      const typing = event.target instanceof HTMLElement && (event.target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(event.target.tagName));
      if ((event.key === 'k' && (event.ctrlKey || event.metaKey)) || (event.key === '/' && !typing)) {
        event.preventDefault();
        input.current?.focus();
        input.current?.select();
      }
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  function openMember(id: string) {
    setOpen(false);
    setTerm('');
    void navigate(`/members/${id}`);
  }

  /** Enter without a chosen row: a member code or a card swiped into the box opens its holder; anything else lists matches. */
  async function openTyped(typed: string) {
    setOpen(false);
    if (/^\S{3,128}$/.test(typed)) {
      const match = await resolveIdentifier(typed, locationId);
      if (match) return openMember(match);
    }
    void navigate(`/members?search=${encodeURIComponent(typed)}`);
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((i) => Math.min(i + 1, results.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const chosen = results[active];
      if (chosen) openMember(chosen.id);
      else if (term.trim()) void openTyped(term.trim());
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  }

  const expanded = open && results.length > 0;
  return (
    <div style={{ position: 'relative', flex: 1, maxWidth: 360, minWidth: 160 }}>
      <input
        ref={input}
        type="search"
        role="combobox"
        aria-label={t('search.label')}
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        placeholder={t('search.placeholder')}
        className="mantine-Input-input"
        style={{ width: '100%', padding: '0 0.75rem', border: '1px solid var(--mantine-color-gray-5)', borderRadius: 4, fontSize: '1rem', minHeight: '2.75rem' }}
        value={term}
        autoComplete="off"
        onChange={(event) => {
          setTerm(event.currentTarget.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
      />
      {isFetching ? <Loader size="xs" style={{ position: 'absolute', right: 10, top: 14 }} aria-hidden /> : null}
      <ul id={listId} role="listbox" aria-label={t('search.results')} className="search-results" hidden={!expanded}>
        {results.map((contact, index) => (
          <li
            key={contact.id}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            onMouseDown={(event) => {
              event.preventDefault();
              openMember(contact.id);
            }}
          >
            <strong>{fullName(contact)}</strong>
            <span style={{ color: 'var(--mantine-color-gray-7)', marginLeft: 8 }}>{contact.phone ?? contact.email ?? ''}</span>
            <div style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap', fontSize: '0.875rem', marginTop: 2 }}>
              <MembershipSummary row={contact} />
              <span style={{ color: 'var(--mantine-color-gray-7)' }}>
                <LastVisit at={contact.last_visit_at} zone={zone} locale={locale} label={(when) => t('search.last_visit', { when })} />
              </span>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
