import { MailOutlined, SearchOutlined } from '@ant-design/icons';
import { Collapse, Empty, Input } from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { LinkButton } from '../../components/link-button.tsx';
import { helpArticles, helpCategories, searchHelp } from './help-articles.ts';
import { PageHero, PublicLayout } from './public-layout.tsx';
import { RichText } from './rich-text.tsx';

/** The Help Center: every answer, grouped by topic, with a search that filters as you type. */
export function HelpCenterPage() {
  const [query, setQuery] = useState('');
  const [openIds, setOpenIds] = useState<string[]>([]);
  const found = useMemo(() => searchHelp(helpArticles, query), [query]);

  const onSearch = (text: string) => {
    setQuery(text);
    // Searching opens the matches, so the answers are read without another click.
    setOpenIds(text.trim() ? searchHelp(helpArticles, text).map((article) => article.id) : []);
  };

  return (
    <PublicLayout title="Help Center">
      <PageHero
        eyebrow="Support"
        title="Help Center"
        lead="How to go from a folder of layers to a finished collection: uploads, rarity, rules, generating, downloads and your account."
      />
      <div className="ll-page-body">
        <div className="ll-container ll-help">
          <div className="ll-help-search">
            <label htmlFor="ll-help-query" className="ll-visually-hidden">
              Search the Help Center
            </label>
            <Input
              id="ll-help-query"
              size="large"
              allowClear
              prefix={<SearchOutlined aria-hidden="true" />}
              placeholder="Search: weights, HashLips, watermark, IPFS…"
              value={query}
              onChange={(event) => onSearch(event.target.value)}
            />
            <p className="ll-help-count" aria-live="polite">
              {query.trim()
                ? `${found.length} ${found.length === 1 ? 'answer' : 'answers'} for “${query.trim()}”`
                : `${helpArticles.length} answers in ${helpCategories.length} topics`}
            </p>
          </div>
          {found.length === 0 ? (
            <Empty
              description={
                <>
                  No answer matches “{query.trim()}”. Try another word, or <Link to="/contact">ask us</Link>.
                </>
              }
            />
          ) : (
            helpCategories.map((category) => {
              const articles = found.filter((article) => article.category === category);
              if (articles.length === 0) return null;
              return (
                <section key={category} className="ll-help-group" aria-labelledby={`ll-help-${category}`}>
                  <h2 id={`ll-help-${category}`}>{category}</h2>
                  <Collapse
                    size="large"
                    activeKey={openIds.filter((id) => articles.some((article) => article.id === id))}
                    onChange={(keys) => {
                      const inGroup = new Set(articles.map((article) => article.id));
                      const opened = (Array.isArray(keys) ? keys : [keys]).map(String);
                      setOpenIds((ids) => [...ids.filter((id) => !inGroup.has(id)), ...opened]);
                    }}
                    items={articles.map((article) => ({
                      key: article.id,
                      label: article.question,
                      children: article.answer.map((paragraph) => (
                        <p key={paragraph.slice(0, 40)}>
                          <RichText text={paragraph} />
                        </p>
                      )),
                    }))}
                  />
                </section>
              );
            })
          )}
          <div className="ll-help-contact ll-card">
            <MailOutlined aria-hidden="true" className="ll-help-contact-icon" />
            <div>
              <h2>Still stuck?</h2>
              <p>
                Send us a message: you get a reference number at once and an answer within two working days.
              </p>
            </div>
            <LinkButton to="/contact" type="primary" size="large">
              Contact Us
            </LinkButton>
          </div>
        </div>
      </div>
    </PublicLayout>
  );
}
