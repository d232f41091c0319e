import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { findHelpTopic, HELP_TOPICS } from '../help/topics';

/**
 * The help topic page `/help/{topic}` (spec §2: opens in a new window or a right-hand frame, so
 * it stands alone and needs no session).
 */
export function HelpPage() {
  const { topic: name } = useParams();
  const topic = findHelpTopic(name);

  useEffect(() => {
    document.title = topic ? `${topic.title} - Procedo Help` : 'Help - Procedo';
  }, [topic]);

  return (
    <div className="procedo-HelpPage">
      <header className="procedo-TitleBar">
        <span className="procedo-TitleBar-product">Procedo Help</span>
      </header>
      <div className="procedo-HelpPage-body">
        <nav aria-label="Help topics">
          <ul>
            {Object.entries(HELP_TOPICS).map(([key, value]) => (
              <li key={key}>
                <Link to={`/help/${key}`} aria-current={key === name ? 'page' : undefined}>
                  {value.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <main>
          {topic ? (
            <article>
              <h1>{topic.title}</h1>
              {topic.paragraphs.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </article>
          ) : (
            <>
              <h1>Help topic not found</h1>
              <p>There is no help topic named “{name}”. Choose one of the topics listed.</p>
            </>
          )}
        </main>
      </div>
    </div>
  );
}
