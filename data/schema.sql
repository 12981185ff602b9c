-- Vitae content schema, version 13 (PRAGMA user_version).
-- One table per kind of item; every list carries an explicit `position`
-- so the page keeps the owner's order. Text is stored exactly as it is
-- shown (Unicode, obfuscated e-mail addresses); an empty `url` means the
-- item is named but has no target yet, and is rendered as a plain label.
-- Change this file only together with a migration in `vitae migrate`.

PRAGMA user_version = 13;

CREATE TABLE profile (
    id   INTEGER PRIMARY KEY CHECK (id = 1),  -- exactly one owner
    name TEXT NOT NULL CHECK (name <> ''),
    affiliation TEXT NOT NULL DEFAULT '',  -- where the owner works now (schema.org affiliation); v2
    job_title   TEXT NOT NULL DEFAULT ''   -- v2
);

-- Bio paragraphs in CommonMark (rendered in safe mode: raw HTML dropped).
CREATE TABLE profile_paragraph (
    position INTEGER PRIMARY KEY,
    markdown TEXT NOT NULL
);

CREATE TABLE profile_email (
    position INTEGER PRIMARY KEY,
    address  TEXT NOT NULL,               -- as shown, e.g. 'x [at] y [dot] com'
    label    TEXT NOT NULL DEFAULT ''     -- e.g. 'business'
);

CREATE TABLE profile_link (
    position INTEGER PRIMARY KEY,
    label    TEXT NOT NULL,
    url      TEXT NOT NULL DEFAULT ''
);

-- v3: other spellings of the owner's name, as reference managers write it
-- ('Zhang, H.', 'H. Zhang'; al-folio keeps them in _config.yml): an author
-- whose name matches one of these, or the profile's name, is the owner.
CREATE TABLE profile_name_variant (
    position INTEGER PRIMARY KEY,
    name     TEXT NOT NULL CHECK (name <> '')
);

-- v3: co-authors' pages (al-folio's _data/coauthors.yml), linked wherever
-- the name appears in an author list.
CREATE TABLE coauthor (
    name  TEXT PRIMARY KEY CHECK (name <> ''),  -- as the author list shows it: 'First Last'
    url   TEXT NOT NULL DEFAULT '',
    orcid TEXT NOT NULL DEFAULT ''               -- '0000-0002-1825-0097'; linked when there is no url
) WITHOUT ROWID;

CREATE TABLE education (
    position    INTEGER PRIMARY KEY,
    start_year  INTEGER NOT NULL,
    end_year    INTEGER NOT NULL,
    degree      TEXT NOT NULL DEFAULT '',  -- empty for a school without a degree
    institution TEXT NOT NULL
);

CREATE TABLE post (
    slug        TEXT PRIMARY KEY CHECK (slug GLOB '[a-z0-9]*' AND slug NOT GLOB '*[^a-z0-9-]*'),
    title       TEXT NOT NULL,
    published   TEXT NOT NULL CHECK (published GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
    body_format TEXT NOT NULL DEFAULT 'markdown' CHECK (body_format IN ('markdown', 'html')),
    body        TEXT NOT NULL DEFAULT ''   -- empty: the post is listed, not yet written
) WITHOUT ROWID;  -- v6 adds status and preview_token, at the end of this file (ALTER TABLE)

CREATE TABLE publication (
    id       INTEGER PRIMARY KEY,
    slug     TEXT NOT NULL UNIQUE CHECK (slug GLOB '[a-z0-9]*' AND slug NOT GLOB '*[^a-z0-9-]*'),
    position INTEGER NOT NULL UNIQUE,
    kind     TEXT NOT NULL CHECK (kind IN ('conference', 'journal', 'preprint', 'book', 'chapter', 'thesis',
                                           'report', 'proceedings', 'patent', 'dataset', 'software', 'other')),
    title    TEXT NOT NULL,
    venue    TEXT NOT NULL DEFAULT '',     -- booktitle, journal, school...: as the owner wrote it
    year     INTEGER,                      -- NULL when the seed gives none
    abstract TEXT NOT NULL DEFAULT '',
    -- v3: what reference managers export beyond that, as UTF-8 text; '' when absent.
    venue_short TEXT NOT NULL DEFAULT '',  -- al-folio's abbr, e.g. 'NeurIPS'
    selected    INTEGER NOT NULL DEFAULT 0 CHECK (selected IN (0, 1)),  -- listed on the home page
    doi         TEXT NOT NULL DEFAULT '',  -- '10.1145/3600006.3613146', no resolver prefix
    arxiv       TEXT NOT NULL DEFAULT '',  -- '2401.01234' or 'hep-th/9901001'
    arxiv_class TEXT NOT NULL DEFAULT '',  -- primaryClass, e.g. 'cs.DC'
    volume      TEXT NOT NULL DEFAULT '',
    number      TEXT NOT NULL DEFAULT '',  -- issue
    pages       TEXT NOT NULL DEFAULT '',  -- '12--34' in BibTeX, '12–34' here
    publisher   TEXT NOT NULL DEFAULT '',
    institution TEXT NOT NULL DEFAULT '',  -- school or institution (theses, reports)
    address     TEXT NOT NULL DEFAULT '',  -- address or location
    month       TEXT NOT NULL DEFAULT '',
    editor      TEXT NOT NULL DEFAULT '',
    series      TEXT NOT NULL DEFAULT '',
    edition     TEXT NOT NULL DEFAULT '',
    isbn        TEXT NOT NULL DEFAULT '',
    issn        TEXT NOT NULL DEFAULT '',
    note        TEXT NOT NULL DEFAULT '',
    keywords    TEXT NOT NULL DEFAULT '',
    bibtex_key  TEXT NOT NULL DEFAULT '',  -- the key as the owner's file has it; '' means the slug
    bibtex_type TEXT NOT NULL DEFAULT ''   -- the entry type as written, e.g. 'phdthesis'; '' means the kind's
);

CREATE TABLE publication_author (
    publication_id     INTEGER NOT NULL REFERENCES publication(id) ON DELETE CASCADE,
    position           INTEGER NOT NULL,
    name               TEXT NOT NULL,
    is_owner           INTEGER NOT NULL DEFAULT 0 CHECK (is_owner IN (0, 1)),
    equal_contribution INTEGER NOT NULL DEFAULT 0 CHECK (equal_contribution IN (0, 1)),
    PRIMARY KEY (publication_id, position)
) WITHOUT ROWID;

CREATE TABLE publication_link (
    publication_id INTEGER NOT NULL REFERENCES publication(id) ON DELETE CASCADE,
    position       INTEGER NOT NULL,
    label          TEXT NOT NULL,          -- 'PDF', 'Code', 'Perspective by …'
    url            TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (publication_id, position)
) WITHOUT ROWID;

CREATE TABLE publication_award (
    publication_id INTEGER NOT NULL REFERENCES publication(id) ON DELETE CASCADE,
    position       INTEGER NOT NULL,
    name           TEXT NOT NULL,
    PRIMARY KEY (publication_id, position)
) WITHOUT ROWID;

-- v3: every other field of the imported entry, verbatim (raw BibTeX value),
-- so nothing is dropped and the export writes it back as it came.
CREATE TABLE publication_field (
    publication_id INTEGER NOT NULL REFERENCES publication(id) ON DELETE CASCADE,
    position       INTEGER NOT NULL,
    name           TEXT NOT NULL CHECK (name <> ''),  -- lower case, as BibTeX reads it
    value          TEXT NOT NULL,
    PRIMARY KEY (publication_id, position)
) WITHOUT ROWID;

CREATE TABLE teaching (
    position INTEGER PRIMARY KEY,
    course   TEXT NOT NULL,                -- 'CIS 455/555'
    title    TEXT NOT NULL,                -- 'Internet and Web Systems'
    term     TEXT NOT NULL                 -- 'Spring 2022'
);

CREATE TABLE service (
    position INTEGER PRIMARY KEY,
    role     TEXT NOT NULL,                -- 'Program Committee'
    venue    TEXT NOT NULL                 -- 'APSys 2025'
);

CREATE TABLE experience (
    position     INTEGER PRIMARY KEY,
    organization TEXT NOT NULL,
    location     TEXT NOT NULL,
    role         TEXT NOT NULL,
    start_month  TEXT NOT NULL CHECK (start_month GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]'),
    end_month    TEXT NOT NULL DEFAULT '' CHECK (end_month = '' OR end_month GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]')
);

-- v4: the change log. Each change to a row notes the item it belongs to, so
-- the worker reads again only the rows an edit changed, not the whole site
-- (core/store/content_changes.cpp). Triggers write it, so every client's
-- edits are noted, sqlite3 shells and scripts included. It keeps about the
-- latest 4,096 entries; a reader further behind loads everything, as it does
-- when the schema changed. `vitae migrate` runs this part alone from v3.
CREATE TABLE change_log (
    seq  INTEGER PRIMARY KEY AUTOINCREMENT,  -- never reused, so a reader knows what it has seen
    item TEXT NOT NULL,  -- 'publication' (key: its id), 'post' (key: its slug), 'profile', 'sections'
    key                  -- no type: a slug of digits stays text
);
CREATE TRIGGER log_prune AFTER INSERT ON change_log WHEN NEW.seq % 1024 = 0
BEGIN DELETE FROM change_log WHERE seq <= NEW.seq - 4096; END;
CREATE TRIGGER log_publication_insert AFTER INSERT ON publication BEGIN INSERT INTO change_log (item, key) VALUES ('publication', NEW.id); END;
CREATE TRIGGER log_publication_update AFTER UPDATE ON publication BEGIN INSERT INTO change_log (item, key) SELECT 'publication', OLD.id UNION SELECT 'publication', NEW.id; END;
CREATE TRIGGER log_publication_delete AFTER DELETE ON publication BEGIN INSERT INTO change_log (item, key) VALUES ('publication', OLD.id); END;
CREATE TRIGGER log_publication_author_insert AFTER INSERT ON publication_author BEGIN INSERT INTO change_log (item, key) VALUES ('publication', NEW.publication_id); END;
CREATE TRIGGER log_publication_author_update AFTER UPDATE ON publication_author BEGIN INSERT INTO change_log (item, key) SELECT 'publication', OLD.publication_id UNION SELECT 'publication', NEW.publication_id; END;
CREATE TRIGGER log_publication_author_delete AFTER DELETE ON publication_author BEGIN INSERT INTO change_log (item, key) VALUES ('publication', OLD.publication_id); END;
CREATE TRIGGER log_publication_link_insert AFTER INSERT ON publication_link BEGIN INSERT INTO change_log (item, key) VALUES ('publication', NEW.publication_id); END;
CREATE TRIGGER log_publication_link_update AFTER UPDATE ON publication_link BEGIN INSERT INTO change_log (item, key) SELECT 'publication', OLD.publication_id UNION SELECT 'publication', NEW.publication_id; END;
CREATE TRIGGER log_publication_link_delete AFTER DELETE ON publication_link BEGIN INSERT INTO change_log (item, key) VALUES ('publication', OLD.publication_id); END;
CREATE TRIGGER log_publication_award_insert AFTER INSERT ON publication_award BEGIN INSERT INTO change_log (item, key) VALUES ('publication', NEW.publication_id); END;
CREATE TRIGGER log_publication_award_update AFTER UPDATE ON publication_award BEGIN INSERT INTO change_log (item, key) SELECT 'publication', OLD.publication_id UNION SELECT 'publication', NEW.publication_id; END;
CREATE TRIGGER log_publication_award_delete AFTER DELETE ON publication_award BEGIN INSERT INTO change_log (item, key) VALUES ('publication', OLD.publication_id); END;
CREATE TRIGGER log_publication_field_insert AFTER INSERT ON publication_field BEGIN INSERT INTO change_log (item, key) VALUES ('publication', NEW.publication_id); END;
CREATE TRIGGER log_publication_field_update AFTER UPDATE ON publication_field BEGIN INSERT INTO change_log (item, key) SELECT 'publication', OLD.publication_id UNION SELECT 'publication', NEW.publication_id; END;
CREATE TRIGGER log_publication_field_delete AFTER DELETE ON publication_field BEGIN INSERT INTO change_log (item, key) VALUES ('publication', OLD.publication_id); END;
CREATE TRIGGER log_post_insert AFTER INSERT ON post BEGIN INSERT INTO change_log (item, key) VALUES ('post', NEW.slug); END;
CREATE TRIGGER log_post_update AFTER UPDATE ON post BEGIN INSERT INTO change_log (item, key) SELECT 'post', OLD.slug UNION SELECT 'post', NEW.slug; END;
CREATE TRIGGER log_post_delete AFTER DELETE ON post BEGIN INSERT INTO change_log (item, key) VALUES ('post', OLD.slug); END;
CREATE TRIGGER log_profile_insert AFTER INSERT ON profile BEGIN INSERT INTO change_log (item) VALUES ('profile'); END;
CREATE TRIGGER log_profile_update AFTER UPDATE ON profile BEGIN INSERT INTO change_log (item) VALUES ('profile'); END;
CREATE TRIGGER log_profile_delete AFTER DELETE ON profile BEGIN INSERT INTO change_log (item) VALUES ('profile'); END;
CREATE TRIGGER log_profile_paragraph_insert AFTER INSERT ON profile_paragraph BEGIN INSERT INTO change_log (item) VALUES ('profile'); END;
CREATE TRIGGER log_profile_paragraph_update AFTER UPDATE ON profile_paragraph BEGIN INSERT INTO change_log (item) VALUES ('profile'); END;
CREATE TRIGGER log_profile_paragraph_delete AFTER DELETE ON profile_paragraph BEGIN INSERT INTO change_log (item) VALUES ('profile'); END;
CREATE TRIGGER log_profile_email_insert AFTER INSERT ON profile_email BEGIN INSERT INTO change_log (item) VALUES ('profile'); END;
CREATE TRIGGER log_profile_email_update AFTER UPDATE ON profile_email BEGIN INSERT INTO change_log (item) VALUES ('profile'); END;
CREATE TRIGGER log_profile_email_delete AFTER DELETE ON profile_email BEGIN INSERT INTO change_log (item) VALUES ('profile'); END;
CREATE TRIGGER log_profile_link_insert AFTER INSERT ON profile_link BEGIN INSERT INTO change_log (item) VALUES ('profile'); END;
CREATE TRIGGER log_profile_link_update AFTER UPDATE ON profile_link BEGIN INSERT INTO change_log (item) VALUES ('profile'); END;
CREATE TRIGGER log_profile_link_delete AFTER DELETE ON profile_link BEGIN INSERT INTO change_log (item) VALUES ('profile'); END;
CREATE TRIGGER log_profile_name_variant_insert AFTER INSERT ON profile_name_variant BEGIN INSERT INTO change_log (item) VALUES ('profile'); END;
CREATE TRIGGER log_profile_name_variant_update AFTER UPDATE ON profile_name_variant BEGIN INSERT INTO change_log (item) VALUES ('profile'); END;
CREATE TRIGGER log_profile_name_variant_delete AFTER DELETE ON profile_name_variant BEGIN INSERT INTO change_log (item) VALUES ('profile'); END;
CREATE TRIGGER log_coauthor_insert AFTER INSERT ON coauthor BEGIN INSERT INTO change_log (item) VALUES ('profile'); END;
CREATE TRIGGER log_coauthor_update AFTER UPDATE ON coauthor BEGIN INSERT INTO change_log (item) VALUES ('profile'); END;
CREATE TRIGGER log_coauthor_delete AFTER DELETE ON coauthor BEGIN INSERT INTO change_log (item) VALUES ('profile'); END;
CREATE TRIGGER log_education_insert AFTER INSERT ON education BEGIN INSERT INTO change_log (item) VALUES ('sections'); END;
CREATE TRIGGER log_education_update AFTER UPDATE ON education BEGIN INSERT INTO change_log (item) VALUES ('sections'); END;
CREATE TRIGGER log_education_delete AFTER DELETE ON education BEGIN INSERT INTO change_log (item) VALUES ('sections'); END;
CREATE TRIGGER log_teaching_insert AFTER INSERT ON teaching BEGIN INSERT INTO change_log (item) VALUES ('sections'); END;
CREATE TRIGGER log_teaching_update AFTER UPDATE ON teaching BEGIN INSERT INTO change_log (item) VALUES ('sections'); END;
CREATE TRIGGER log_teaching_delete AFTER DELETE ON teaching BEGIN INSERT INTO change_log (item) VALUES ('sections'); END;
CREATE TRIGGER log_service_insert AFTER INSERT ON service BEGIN INSERT INTO change_log (item) VALUES ('sections'); END;
CREATE TRIGGER log_service_update AFTER UPDATE ON service BEGIN INSERT INTO change_log (item) VALUES ('sections'); END;
CREATE TRIGGER log_service_delete AFTER DELETE ON service BEGIN INSERT INTO change_log (item) VALUES ('sections'); END;
CREATE TRIGGER log_experience_insert AFTER INSERT ON experience BEGIN INSERT INTO change_log (item) VALUES ('sections'); END;
CREATE TRIGGER log_experience_update AFTER UPDATE ON experience BEGIN INSERT INTO change_log (item) VALUES ('sections'); END;
CREATE TRIGGER log_experience_delete AFTER DELETE ON experience BEGIN INSERT INTO change_log (item) VALUES ('sections'); END;

-- v5: files. A picture, a paper's PDF, slides, a CV: the bytes live in the
-- database with the rest, so a swap still swaps everything at once. The type
-- is sniffed from the bytes when the file is added (`vitae add file`), never
-- taken from the name; HTML and SVG are refused (they could run script).
-- Pages link a file at /files/<first 12 of digest>/<name>: a new version of
-- the file gets a new URL, so those URLs are cached for a year.
CREATE TABLE file (
    name   TEXT PRIMARY KEY CHECK (length(name) <= 128 AND name GLOB '[a-z0-9]*.[a-z0-9]*'
                                   AND name NOT GLOB '*[^a-z0-9.-]*' AND name NOT GLOB '*.*.*'
                                   AND name NOT GLOB '*.*-*'),  -- slug.hpp's is_file_name
    type   TEXT NOT NULL,             -- MIME type, e.g. 'application/pdf'
    size   INTEGER NOT NULL CHECK (size = length(bytes)),
    digest TEXT NOT NULL CHECK (length(digest) = 64),  -- SHA-256 of the bytes, lower-case hex
    width  INTEGER NOT NULL DEFAULT 0,  -- pictures: pixels; 0 for other files
    height INTEGER NOT NULL DEFAULT 0,
    alt    TEXT NOT NULL DEFAULT '',    -- pictures: what it shows, for readers who cannot see it
    -- A smaller copy of a picture (WebP, AVIF) made when the picture was added,
    -- for srcset: the original's name; '' for a file added by the owner.
    variant_of TEXT NOT NULL DEFAULT '',
    bytes  BLOB NOT NULL
);
-- The home page's photo: a file's name, '' for none.
ALTER TABLE profile ADD COLUMN photo TEXT NOT NULL DEFAULT '';
CREATE TRIGGER log_file_insert AFTER INSERT ON file BEGIN INSERT INTO change_log (item) VALUES ('file'); END;
CREATE TRIGGER log_file_update AFTER UPDATE ON file BEGIN INSERT INTO change_log (item) VALUES ('file'); END;
CREATE TRIGGER log_file_delete AFTER DELETE ON file BEGIN INSERT INTO change_log (item) VALUES ('file'); END;

-- v6: tags on posts, and drafts (issue #12). A tag is a slug-like lowercase
-- word ('machine-learning'); /blog/tag/<tag>/ lists the posts that carry it.
-- A change to a post's tags logs the post, so a reload reads it again with
-- them. A draft is listed nowhere and served only at /blog/preview/<token>
-- (128 random bits as 32 hex digits, made by `vitae add post --draft`); a
-- post dated in the future is listed from that day on (00:00 UTC).
-- `vitae migrate` runs this part alone from v5.
ALTER TABLE post ADD COLUMN status TEXT NOT NULL DEFAULT 'published' CHECK (status IN ('published', 'draft'));
ALTER TABLE post ADD COLUMN preview_token TEXT NOT NULL DEFAULT ''  -- '': no preview URL
    CHECK (preview_token = '' OR (length(preview_token) = 32 AND preview_token NOT GLOB '*[^0-9a-f]*'));
CREATE UNIQUE INDEX post_preview_token ON post (preview_token) WHERE preview_token <> '';
CREATE TABLE post_tag (
    post_slug TEXT NOT NULL REFERENCES post(slug) ON DELETE CASCADE ON UPDATE CASCADE,
    position  INTEGER NOT NULL,
    tag       TEXT NOT NULL CHECK (length(tag) <= 64 AND tag GLOB '[a-z0-9]*' AND tag NOT GLOB '*[^a-z0-9-]*'),
    PRIMARY KEY (post_slug, position),
    UNIQUE (post_slug, tag)
) WITHOUT ROWID;
CREATE TRIGGER log_post_tag_insert AFTER INSERT ON post_tag BEGIN INSERT INTO change_log (item, key) VALUES ('post', NEW.post_slug); END;
CREATE TRIGGER log_post_tag_update AFTER UPDATE ON post_tag BEGIN INSERT INTO change_log (item, key) SELECT 'post', OLD.post_slug UNION SELECT 'post', NEW.post_slug; END;
CREATE TRIGGER log_post_tag_delete AFTER DELETE ON post_tag BEGIN INSERT INTO change_log (item, key) VALUES ('post', OLD.post_slug); END;

-- v7: news and talks (issue #11). A news item is a short dated note in
-- Markdown (math allowed, raw HTML sanitized), shown newest first: the latest
-- five on the home page, all at /news/, each an entry of /feed.xml. A talk
-- is given at an event (a conference, a seminar) on a day, with optional
-- links to its slides, its video and the event and an abstract in
-- Markdown; /talks/ lists them by year.
-- Both are small: an edit logs 'sections', which reads them again whole.
-- `vitae migrate` runs this part alone from v6.
CREATE TABLE news (
    id       INTEGER PRIMARY KEY,
    date     TEXT NOT NULL CHECK (date GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
    markdown TEXT NOT NULL CHECK (markdown <> '')
);
CREATE TABLE talk (
    id         INTEGER PRIMARY KEY,
    date       TEXT NOT NULL CHECK (date GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
    title      TEXT NOT NULL CHECK (title <> ''),
    event      TEXT NOT NULL DEFAULT '',  -- where it was given: 'NeurIPS 2025', 'MIT ML Seminar'
    place      TEXT NOT NULL DEFAULT '',  -- the city, or 'Online'
    url_slides TEXT NOT NULL DEFAULT '',  -- '' for none; may be a stored file, /files/<name>
    url_video  TEXT NOT NULL DEFAULT '',
    url_event  TEXT NOT NULL DEFAULT '',
    abstract   TEXT NOT NULL DEFAULT ''   -- Markdown (math allowed), shown folded under the talk
);
CREATE TRIGGER log_news_insert AFTER INSERT ON news BEGIN INSERT INTO change_log (item) VALUES ('sections'); END;
CREATE TRIGGER log_news_update AFTER UPDATE ON news BEGIN INSERT INTO change_log (item) VALUES ('sections'); END;
CREATE TRIGGER log_news_delete AFTER DELETE ON news BEGIN INSERT INTO change_log (item) VALUES ('sections'); END;
CREATE TRIGGER log_talk_insert AFTER INSERT ON talk BEGIN INSERT INTO change_log (item) VALUES ('sections'); END;
CREATE TRIGGER log_talk_update AFTER UPDATE ON talk BEGIN INSERT INTO change_log (item) VALUES ('sections'); END;
CREATE TRIGGER log_talk_delete AFTER DELETE ON talk BEGIN INSERT INTO change_log (item) VALUES ('sections'); END;

-- v8: projects, the CV's awards, teaching roles, preview pictures (issue #11)
-- and languages (issue #13).
-- A project has a page at /projects/<slug> (Markdown body, a picture, links,
-- the publications and posts it relates to); /projects/ lists them in the
-- owner's order. An award is a line of the CV. A teaching row names the
-- owner's role in it ('Teaching Assistant', 'Instructor'); rows from before
-- v8 were all shown under "Teaching Assistant" and keep that role.
-- A publication may have a preview picture (a stored file's name).
-- Languages: the site's default language is the one row with is_default = 1
-- (none at all: English only, 'en'); every other language's pages live under
-- /<code>/. A translation replaces one field of one row in one language:
-- item is the kind of row ('profile', 'paragraph', 'post', 'publication',
-- 'news', 'talk', 'project', 'education', 'experience', 'teaching',
-- 'service', 'award', 'string' for an interface string), key names the row
-- (a slug, an id or a position, as text; '' for the profile) and field the
-- column ('title', 'markdown', 'abstract', ...). `vitae check` reports one
-- that names nothing. All of these are small: an edit logs 'sections'.
-- `vitae migrate` runs this part alone from v7.
CREATE TABLE project (
    slug     TEXT PRIMARY KEY CHECK (slug GLOB '[a-z0-9]*' AND slug NOT GLOB '*[^a-z0-9-]*'),
    position INTEGER NOT NULL UNIQUE,
    title    TEXT NOT NULL CHECK (title <> ''),
    summary  TEXT NOT NULL DEFAULT '',    -- a sentence or two for /projects/ (Markdown)
    markdown TEXT NOT NULL DEFAULT '',    -- the page's body (Markdown, math allowed)
    image    TEXT NOT NULL DEFAULT ''     -- a stored picture's name, '' for none
) WITHOUT ROWID;
CREATE TABLE project_link (
    project_slug TEXT NOT NULL REFERENCES project(slug) ON DELETE CASCADE ON UPDATE CASCADE,
    position     INTEGER NOT NULL,
    label        TEXT NOT NULL CHECK (label <> ''),  -- 'Code', 'Website', 'Dataset'
    url          TEXT NOT NULL,                       -- http(s), or /files/<name>
    PRIMARY KEY (project_slug, position)
) WITHOUT ROWID;
CREATE TABLE project_publication (
    project_slug   TEXT NOT NULL REFERENCES project(slug) ON DELETE CASCADE ON UPDATE CASCADE,
    publication_id INTEGER NOT NULL REFERENCES publication(id) ON DELETE CASCADE,
    PRIMARY KEY (project_slug, publication_id)
) WITHOUT ROWID;
CREATE TABLE project_post (
    project_slug TEXT NOT NULL REFERENCES project(slug) ON DELETE CASCADE ON UPDATE CASCADE,
    post_slug    TEXT NOT NULL REFERENCES post(slug) ON DELETE CASCADE ON UPDATE CASCADE,
    PRIMARY KEY (project_slug, post_slug)
) WITHOUT ROWID;
CREATE TABLE award (
    position INTEGER PRIMARY KEY,
    year     INTEGER,                      -- NULL when undated
    name     TEXT NOT NULL CHECK (name <> ''),  -- 'Best Paper Award', 'NSF CAREER Award'
    issuer   TEXT NOT NULL DEFAULT ''      -- 'OSDI 2024', 'National Science Foundation'
);
ALTER TABLE teaching ADD COLUMN role TEXT NOT NULL DEFAULT '';  -- 'Teaching Assistant', 'Instructor'; '' unnamed
UPDATE teaching SET role = 'Teaching Assistant' WHERE role = '';
ALTER TABLE publication ADD COLUMN preview TEXT NOT NULL DEFAULT '';  -- a stored picture's name, '' for none
CREATE TABLE language (
    code       TEXT PRIMARY KEY CHECK (length(code) BETWEEN 2 AND 35 AND code GLOB '[a-z][a-z]*'
                                      AND code NOT GLOB '*[^A-Za-z0-9-]*' AND code NOT GLOB '*--*'
                                      AND code NOT GLOB '*-'),  -- BCP 47: 'en', 'zh-Hant', 'pt-BR'
    name       TEXT NOT NULL CHECK (name <> ''),  -- as its readers write it: 'English', '中文', 'العربية'
    position   INTEGER NOT NULL UNIQUE,             -- order in the language switcher
    is_default INTEGER NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1))  -- the one served at /
) WITHOUT ROWID;
CREATE UNIQUE INDEX language_default ON language (is_default) WHERE is_default = 1;
CREATE TABLE translation (
    language TEXT NOT NULL REFERENCES language(code) ON DELETE CASCADE ON UPDATE CASCADE,
    item     TEXT NOT NULL CHECK (item <> ''),
    key      TEXT NOT NULL DEFAULT '',
    field    TEXT NOT NULL CHECK (field <> ''),
    text     TEXT NOT NULL,
    PRIMARY KEY (language, item, key, field)
) WITHOUT ROWID;
CREATE TRIGGER log_project_insert AFTER INSERT ON project BEGIN INSERT INTO change_log (item) VALUES ('sections'); END;
CREATE TRIGGER log_project_update AFTER UPDATE ON project BEGIN INSERT INTO change_log (item) VALUES ('sections'); END;
CREATE TRIGGER log_project_delete AFTER DELETE ON project BEGIN INSERT INTO change_log (item) VALUES ('sections'); END;
CREATE TRIGGER log_project_link_insert AFTER INSERT ON project_link BEGIN INSERT INTO change_log (item) VALUES ('sections'); END;
CREATE TRIGGER log_project_link_update AFTER UPDATE ON project_link BEGIN INSERT INTO change_log (item) VALUES ('sections'); END;
CREATE TRIGGER log_project_link_delete AFTER DELETE ON project_link BEGIN INSERT INTO change_log (item) VALUES ('sections'); END;
CREATE TRIGGER log_project_publication_insert AFTER INSERT ON project_publication BEGIN INSERT INTO change_log (item) VALUES ('sections'); END;
CREATE TRIGGER log_project_publication_update AFTER UPDATE ON project_publication BEGIN INSERT INTO change_log (item) VALUES ('sections'); END;
CREATE TRIGGER log_project_publication_delete AFTER DELETE ON project_publication BEGIN INSERT INTO change_log (item) VALUES ('sections'); END;
CREATE TRIGGER log_project_post_insert AFTER INSERT ON project_post BEGIN INSERT INTO change_log (item) VALUES ('sections'); END;
CREATE TRIGGER log_project_post_update AFTER UPDATE ON project_post BEGIN INSERT INTO change_log (item) VALUES ('sections'); END;
CREATE TRIGGER log_project_post_delete AFTER DELETE ON project_post BEGIN INSERT INTO change_log (item) VALUES ('sections'); END;
CREATE TRIGGER log_award_insert AFTER INSERT ON award BEGIN INSERT INTO change_log (item) VALUES ('sections'); END;
CREATE TRIGGER log_award_update AFTER UPDATE ON award BEGIN INSERT INTO change_log (item) VALUES ('sections'); END;
CREATE TRIGGER log_award_delete AFTER DELETE ON award BEGIN INSERT INTO change_log (item) VALUES ('sections'); END;
CREATE TRIGGER log_language_insert AFTER INSERT ON language BEGIN INSERT INTO change_log (item) VALUES ('sections'); END;
CREATE TRIGGER log_language_update AFTER UPDATE ON language BEGIN INSERT INTO change_log (item) VALUES ('sections'); END;
CREATE TRIGGER log_language_delete AFTER DELETE ON language BEGIN INSERT INTO change_log (item) VALUES ('sections'); END;
CREATE TRIGGER log_translation_insert AFTER INSERT ON translation BEGIN INSERT INTO change_log (item) VALUES ('sections'); END;
CREATE TRIGGER log_translation_update AFTER UPDATE ON translation BEGIN INSERT INTO change_log (item) VALUES ('sections'); END;
CREATE TRIGGER log_translation_delete AFTER DELETE ON translation BEGIN INSERT INTO change_log (item) VALUES ('sections'); END;

-- v9: search (issue #25). /search/?q= is answered from two FTS5 indexes of
-- one document per searchable item: each publication (title; authors;
-- venue, year, keywords, DOI, arXiv id, institution, publisher, abstract), published post, news
-- item, talk, project, and the bio. `search` folds case and accents both
-- ways (unicode61 remove_diacritics 2: 'Laufer' finds 'Läufer' and back);
-- `search_cjk` holds, by trigram, only the documents with Han, Kana or
-- Hangul in them, which unicode61 cannot split into words. Translations of
-- an item are in its document's body, so every language's search finds it.
-- Triggers keep both current whatever client writes (sqlite3, vitae, the
-- editor, sync): a change notes the item in search_stale, whose trigger
-- builds that item's document again from search_source and forgets the
-- note. search_doc names each document (rowid of both indexes).
-- The indexes keep their own copy of the text rather than being
-- external-content tables: a document joins several tables (authors,
-- tags, translations), and an external-content delete must repeat the old
-- text exactly, which an AFTER trigger on publication_author can no longer
-- read. `vitae check` compares both indexes with search_source.
-- `vitae migrate` runs this part alone from v8 and fills the indexes.
CREATE TABLE search_doc (
    id   INTEGER PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('publication', 'post', 'news', 'talk', 'project', 'bio')),
    key  TEXT NOT NULL,  -- a slug (publication, post, project), an id (news, talk), '' (bio)
    UNIQUE (kind, key)
);
CREATE VIRTUAL TABLE search USING fts5(title, authors, body, tokenize = 'unicode61 remove_diacritics 2');
CREATE VIRTUAL TABLE search_cjk USING fts5(title, authors, body, tokenize = 'trigram');
CREATE VIEW search_translation (item, key, text) AS
    SELECT CASE item WHEN 'paragraph' THEN 'bio' WHEN 'profile' THEN 'bio' ELSE item END,
           CASE WHEN item IN ('paragraph', 'profile') THEN '' ELSE key END, text
    FROM translation WHERE item IN ('publication', 'post', 'news', 'talk', 'project', 'profile', 'paragraph');
CREATE VIEW search_source (kind, key, title, authors, body) AS
    SELECT 'publication', p.slug, p.title,
           coalesce((SELECT group_concat(name, ', ') FROM
                        (SELECT name FROM publication_author a WHERE a.publication_id = p.id ORDER BY position)), ''),
           p.venue || ' ' || p.venue_short || ' ' || coalesce(p.year, '') || ' ' || p.keywords || ' ' || p.doi || ' ' ||
           p.arxiv || ' ' || p.institution || ' ' || p.publisher || ' ' || p.abstract || ' ' ||
           coalesce((SELECT group_concat(text, ' ') FROM search_translation t WHERE t.item = 'publication' AND t.key = p.slug), '')
    FROM publication p
    UNION ALL
    SELECT 'post', s.slug, s.title, '',
           s.body || ' ' || coalesce((SELECT group_concat(tag, ' ') FROM post_tag WHERE post_slug = s.slug), '') || ' ' ||
           coalesce((SELECT group_concat(text, ' ') FROM search_translation t WHERE t.item = 'post' AND t.key = s.slug), '')
    FROM post s WHERE s.status = 'published'
    UNION ALL
    SELECT 'news', CAST(n.id AS TEXT), n.date, '',
           n.markdown || ' ' || coalesce((SELECT group_concat(text, ' ') FROM search_translation t
                                          WHERE t.item = 'news' AND t.key = CAST(n.id AS TEXT)), '')
    FROM news n
    UNION ALL
    SELECT 'talk', CAST(k.id AS TEXT), k.title, '',
           k.event || ' ' || k.place || ' ' || k.date || ' ' || k.abstract || ' ' ||
           coalesce((SELECT group_concat(text, ' ') FROM search_translation t
                     WHERE t.item = 'talk' AND t.key = CAST(k.id AS TEXT)), '')
    FROM talk k
    UNION ALL
    SELECT 'project', j.slug, j.title, '',
           j.summary || ' ' || j.markdown || ' ' ||
           coalesce((SELECT group_concat(text, ' ') FROM search_translation t WHERE t.item = 'project' AND t.key = j.slug), '')
    FROM project j
    UNION ALL
    SELECT 'bio', '', f.name, f.job_title || ' ' || f.affiliation,
           coalesce((SELECT group_concat(markdown, ' ') FROM (SELECT markdown FROM profile_paragraph ORDER BY position)), '') ||
           ' ' || coalesce((SELECT group_concat(text, ' ') FROM search_translation t WHERE t.item = 'bio'), '')
    FROM profile f;
CREATE TABLE search_stale (kind TEXT NOT NULL, key TEXT NOT NULL);  -- always empty after a statement
CREATE TRIGGER search_refresh AFTER INSERT ON search_stale BEGIN
    DELETE FROM search WHERE rowid IN (SELECT id FROM search_doc WHERE kind = NEW.kind AND key = NEW.key);
    DELETE FROM search_cjk WHERE rowid IN (SELECT id FROM search_doc WHERE kind = NEW.kind AND key = NEW.key);
    DELETE FROM search_doc WHERE kind = NEW.kind AND key = NEW.key;
    INSERT INTO search_doc (kind, key) SELECT kind, key FROM search_source WHERE kind = NEW.kind AND key = NEW.key;
    INSERT INTO search (rowid, title, authors, body)
        SELECT d.id, s.title, s.authors, s.body FROM search_source s JOIN search_doc d ON d.kind = s.kind AND d.key = s.key
        WHERE s.kind = NEW.kind AND s.key = NEW.key;
    INSERT INTO search_cjk (rowid, title, authors, body)
        SELECT d.id, s.title, s.authors, s.body FROM search_source s JOIN search_doc d ON d.kind = s.kind AND d.key = s.key
        WHERE s.kind = NEW.kind AND s.key = NEW.key
          AND s.title || s.authors || s.body GLOB '*[぀-ヿ㐀-䶿一-鿿가-힯ｦ-ﾟ]*';
    DELETE FROM search_stale;
END;
CREATE TRIGGER search_publication_insert AFTER INSERT ON publication BEGIN INSERT INTO search_stale VALUES ('publication', NEW.slug); END;
CREATE TRIGGER search_publication_update AFTER UPDATE ON publication BEGIN
    INSERT INTO search_stale VALUES ('publication', OLD.slug);
    INSERT INTO search_stale SELECT 'publication', NEW.slug WHERE NEW.slug <> OLD.slug;
END;
CREATE TRIGGER search_publication_delete AFTER DELETE ON publication BEGIN INSERT INTO search_stale VALUES ('publication', OLD.slug); END;
CREATE TRIGGER search_author_insert AFTER INSERT ON publication_author BEGIN
    INSERT INTO search_stale SELECT 'publication', slug FROM publication WHERE id = NEW.publication_id;
END;
CREATE TRIGGER search_author_update AFTER UPDATE ON publication_author BEGIN
    INSERT INTO search_stale SELECT 'publication', slug FROM publication WHERE id IN (OLD.publication_id, NEW.publication_id);
END;
CREATE TRIGGER search_author_delete AFTER DELETE ON publication_author BEGIN
    INSERT INTO search_stale SELECT 'publication', slug FROM publication WHERE id = OLD.publication_id;
END;
CREATE TRIGGER search_post_insert AFTER INSERT ON post BEGIN INSERT INTO search_stale VALUES ('post', NEW.slug); END;
CREATE TRIGGER search_post_update AFTER UPDATE ON post BEGIN
    INSERT INTO search_stale VALUES ('post', OLD.slug);
    INSERT INTO search_stale SELECT 'post', NEW.slug WHERE NEW.slug <> OLD.slug;
END;
CREATE TRIGGER search_post_delete AFTER DELETE ON post BEGIN INSERT INTO search_stale VALUES ('post', OLD.slug); END;
CREATE TRIGGER search_post_tag_insert AFTER INSERT ON post_tag BEGIN INSERT INTO search_stale VALUES ('post', NEW.post_slug); END;
CREATE TRIGGER search_post_tag_update AFTER UPDATE ON post_tag BEGIN
    INSERT INTO search_stale VALUES ('post', OLD.post_slug);
    INSERT INTO search_stale SELECT 'post', NEW.post_slug WHERE NEW.post_slug <> OLD.post_slug;
END;
CREATE TRIGGER search_post_tag_delete AFTER DELETE ON post_tag BEGIN INSERT INTO search_stale VALUES ('post', OLD.post_slug); END;
CREATE TRIGGER search_news_insert AFTER INSERT ON news BEGIN INSERT INTO search_stale VALUES ('news', NEW.id); END;
CREATE TRIGGER search_news_update AFTER UPDATE ON news BEGIN
    INSERT INTO search_stale VALUES ('news', OLD.id);
    INSERT INTO search_stale SELECT 'news', NEW.id WHERE NEW.id <> OLD.id;
END;
CREATE TRIGGER search_news_delete AFTER DELETE ON news BEGIN INSERT INTO search_stale VALUES ('news', OLD.id); END;
CREATE TRIGGER search_talk_insert AFTER INSERT ON talk BEGIN INSERT INTO search_stale VALUES ('talk', NEW.id); END;
CREATE TRIGGER search_talk_update AFTER UPDATE ON talk BEGIN
    INSERT INTO search_stale VALUES ('talk', OLD.id);
    INSERT INTO search_stale SELECT 'talk', NEW.id WHERE NEW.id <> OLD.id;
END;
CREATE TRIGGER search_talk_delete AFTER DELETE ON talk BEGIN INSERT INTO search_stale VALUES ('talk', OLD.id); END;
CREATE TRIGGER search_project_insert AFTER INSERT ON project BEGIN INSERT INTO search_stale VALUES ('project', NEW.slug); END;
CREATE TRIGGER search_project_update AFTER UPDATE ON project BEGIN
    INSERT INTO search_stale VALUES ('project', OLD.slug);
    INSERT INTO search_stale SELECT 'project', NEW.slug WHERE NEW.slug <> OLD.slug;
END;
CREATE TRIGGER search_project_delete AFTER DELETE ON project BEGIN INSERT INTO search_stale VALUES ('project', OLD.slug); END;
CREATE TRIGGER search_profile_insert AFTER INSERT ON profile BEGIN INSERT INTO search_stale VALUES ('bio', ''); END;
CREATE TRIGGER search_profile_update AFTER UPDATE ON profile BEGIN INSERT INTO search_stale VALUES ('bio', ''); END;
CREATE TRIGGER search_profile_delete AFTER DELETE ON profile BEGIN INSERT INTO search_stale VALUES ('bio', ''); END;
CREATE TRIGGER search_paragraph_insert AFTER INSERT ON profile_paragraph BEGIN INSERT INTO search_stale VALUES ('bio', ''); END;
CREATE TRIGGER search_paragraph_update AFTER UPDATE ON profile_paragraph BEGIN INSERT INTO search_stale VALUES ('bio', ''); END;
CREATE TRIGGER search_paragraph_delete AFTER DELETE ON profile_paragraph BEGIN INSERT INTO search_stale VALUES ('bio', ''); END;
CREATE TRIGGER search_translation_insert AFTER INSERT ON translation BEGIN
    INSERT INTO search_stale SELECT CASE WHEN NEW.item IN ('paragraph', 'profile') THEN 'bio' ELSE NEW.item END,
        CASE WHEN NEW.item IN ('paragraph', 'profile') THEN '' ELSE NEW.key END
        WHERE NEW.item IN ('publication', 'post', 'news', 'talk', 'project', 'profile', 'paragraph');
END;
CREATE TRIGGER search_translation_update AFTER UPDATE ON translation BEGIN
    INSERT INTO search_stale SELECT CASE WHEN OLD.item IN ('paragraph', 'profile') THEN 'bio' ELSE OLD.item END,
        CASE WHEN OLD.item IN ('paragraph', 'profile') THEN '' ELSE OLD.key END
        WHERE OLD.item IN ('publication', 'post', 'news', 'talk', 'project', 'profile', 'paragraph');
    INSERT INTO search_stale SELECT CASE WHEN NEW.item IN ('paragraph', 'profile') THEN 'bio' ELSE NEW.item END,
        CASE WHEN NEW.item IN ('paragraph', 'profile') THEN '' ELSE NEW.key END
        WHERE NEW.item IN ('publication', 'post', 'news', 'talk', 'project', 'profile', 'paragraph');
END;
CREATE TRIGGER search_translation_delete AFTER DELETE ON translation BEGIN
    INSERT INTO search_stale SELECT CASE WHEN OLD.item IN ('paragraph', 'profile') THEN 'bio' ELSE OLD.item END,
        CASE WHEN OLD.item IN ('paragraph', 'profile') THEN '' ELSE OLD.key END
        WHERE OLD.item IN ('publication', 'post', 'news', 'talk', 'project', 'profile', 'paragraph');
END;
-- Fill the indexes from what is there (a migrated database; a new one has no rows yet).
INSERT INTO search_stale SELECT kind, key FROM search_source;
-- v10: edit log. Who changed which row of which table, when, and the row
-- before and after (JSON of its values; NULL for a row made or removed),
-- written by the writer of the change inside the change's transaction
-- (core/store/write/edit_log.cpp), so a change and its record commit together.
-- The editor's undo restores an item's last `before`; `vitae log` prints it.
CREATE TABLE edit_log (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    at         TEXT NOT NULL,                   -- UTC, 'YYYY-MM-DDTHH:MM:SSZ'
    who        TEXT NOT NULL CHECK (who <> ''), -- an account name, or 'cli:' and the Unix user
    item       TEXT NOT NULL CHECK (item <> ''),  -- the table: 'profile_link', 'publication'
    key        TEXT NOT NULL,                   -- the row: its position, id or slug, as text
    action     TEXT NOT NULL CHECK (action IN ('insert', 'update', 'delete', 'undo')),
    before     TEXT,                            -- JSON object of the row's values; NULL: there was none
    after      TEXT                             -- NULL: the row is gone
);
CREATE INDEX edit_log_item ON edit_log (item, key, id);

-- v11: sync (issue #24). `vitae sync` reads the owner's works from ORCID,
-- OpenAlex, DBLP and INSPIRE, completes them from Crossref, and merges them
-- into `publication` without duplicating. What it remembers:
-- * the owner's id at each service (`vitae set sync DB orcid ID`), the contact;
-- * each publication's ids there (a work is found again by them);
-- * the value a sync last wrote into a field: a sync changes a field only
--   while it still holds that value (or is empty), so an owner's edit wins;
-- * works found but not yet accepted (shown nowhere until accepted);
-- * citation counts, one per service, with the day the count last changed.
-- Counts are shown, so a change logs the publication; the rest is not.
CREATE TABLE sync_setting (
    name  TEXT PRIMARY KEY CHECK (name IN ('orcid', 'openalex', 'dblp', 'inspire', 'crossref', 'mailto')),
    value TEXT NOT NULL CHECK (value <> '')  -- '0000-0002-1825-0097', 'A5023888391', 'h/GeoffreyEHinton';
                                             -- crossref: 'on'; mailto: the contact sent to the services
) WITHOUT ROWID;
-- The key's columns come first: SQLite 3.40's quick_check misreads a
-- WITHOUT ROWID table whose NOT NULL column precedes its key ("NULL value").
CREATE TABLE publication_external_id (
    service        TEXT NOT NULL CHECK (service IN ('orcid', 'openalex', 'dblp', 'inspire', 'crossref')),
    external_id    TEXT NOT NULL CHECK (external_id <> ''),  -- put-code, 'W2741809807', 'journals/cacm/Knuth74', recid
    publication_id INTEGER NOT NULL REFERENCES publication(id) ON DELETE CASCADE,
    PRIMARY KEY (service, external_id)
) WITHOUT ROWID;
CREATE INDEX publication_external_id_publication ON publication_external_id (publication_id);
CREATE TABLE publication_synced_field (
    publication_id INTEGER NOT NULL REFERENCES publication(id) ON DELETE CASCADE,
    field          TEXT NOT NULL CHECK (field <> ''),  -- a publication column, or 'authors'
    service        TEXT NOT NULL,                       -- where the value came from
    value          TEXT NOT NULL,                       -- as written; a field that differs now is the owner's
    PRIMARY KEY (publication_id, field)
) WITHOUT ROWID;
CREATE TABLE sync_review (
    service     TEXT NOT NULL,
    external_id TEXT NOT NULL CHECK (external_id <> ''),
    title       TEXT NOT NULL,
    year        INTEGER,
    work        TEXT NOT NULL,  -- the work as JSON, as `vitae sync --accept` will add it
    found       TEXT NOT NULL CHECK (found GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
    PRIMARY KEY (service, external_id)
) WITHOUT ROWID;
CREATE TABLE citation_count (
    publication_id INTEGER NOT NULL REFERENCES publication(id) ON DELETE CASCADE,
    service        TEXT NOT NULL CHECK (service IN ('openalex', 'inspire', 'crossref')),
    count          INTEGER NOT NULL CHECK (count >= 0),
    counted        TEXT NOT NULL CHECK (counted GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
    PRIMARY KEY (publication_id, service)
) WITHOUT ROWID;
CREATE TRIGGER log_citation_count_insert AFTER INSERT ON citation_count BEGIN INSERT INTO change_log (item, key) VALUES ('publication', NEW.publication_id); END;
CREATE TRIGGER log_citation_count_update AFTER UPDATE ON citation_count BEGIN INSERT INTO change_log (item, key) SELECT 'publication', OLD.publication_id UNION SELECT 'publication', NEW.publication_id; END;
CREATE TRIGGER log_citation_count_delete AFTER DELETE ON citation_count BEGIN INSERT INTO change_log (item, key) VALUES ('publication', OLD.publication_id); END;

-- v12: pages of the owner's own (issue #45): "Teaching", "Software", "Join
-- the lab": a title and a body (Markdown with math, code and pictures as in
-- posts, or HTML through the one sanitizer) served at /<slug>/, in the nav
-- when in_menu, in the owner's order (position) wherever they are listed.
-- A slug a route or a language prefix uses is refused before it gets here
-- (core/http/router's page_slug_problem). Translations: item 'page', key its
-- slug, fields 'title' and 'body'. Small: an edit logs 'sections'.
-- Searchable: search_doc's kinds gain 'page', so the search part's table,
-- views and the triggers that name the kinds are made again with it, and
-- the indexes filled again.
-- `vitae migrate` runs this part alone from v11.
CREATE TABLE page (
    slug        TEXT PRIMARY KEY CHECK (slug GLOB '[a-z0-9]*' AND slug NOT GLOB '*[^a-z0-9-]*'),
    position    INTEGER NOT NULL UNIQUE,
    title       TEXT NOT NULL CHECK (title <> ''),
    body_format TEXT NOT NULL DEFAULT 'markdown' CHECK (body_format IN ('markdown', 'html')),
    body        TEXT NOT NULL DEFAULT '',
    in_menu     INTEGER NOT NULL DEFAULT 0 CHECK (in_menu IN (0, 1))  -- a link in every page's nav
) WITHOUT ROWID;
CREATE TRIGGER log_page_insert AFTER INSERT ON page BEGIN INSERT INTO change_log (item) VALUES ('sections'); END;
CREATE TRIGGER log_page_update AFTER UPDATE ON page BEGIN INSERT INTO change_log (item) VALUES ('sections'); END;
CREATE TRIGGER log_page_delete AFTER DELETE ON page BEGIN INSERT INTO change_log (item) VALUES ('sections'); END;
DROP TRIGGER search_refresh;
DROP TRIGGER search_translation_insert;
DROP TRIGGER search_translation_update;
DROP TRIGGER search_translation_delete;
DROP VIEW search_source;
DROP VIEW search_translation;
DROP TABLE search_doc;
DELETE FROM search;
DELETE FROM search_cjk;
CREATE TABLE search_doc (
    id   INTEGER PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('publication', 'post', 'news', 'talk', 'project', 'bio', 'page')),
    key  TEXT NOT NULL,  -- a slug (publication, post, project, page), an id (news, talk), '' (bio)
    UNIQUE (kind, key)
);
CREATE VIEW search_translation (item, key, text) AS
    SELECT CASE item WHEN 'paragraph' THEN 'bio' WHEN 'profile' THEN 'bio' ELSE item END,
           CASE WHEN item IN ('paragraph', 'profile') THEN '' ELSE key END, text
    FROM translation WHERE item IN ('publication', 'post', 'news', 'talk', 'project', 'page', 'profile', 'paragraph');
CREATE VIEW search_source (kind, key, title, authors, body) AS
    SELECT 'publication', p.slug, p.title,
           coalesce((SELECT group_concat(name, ', ') FROM
                        (SELECT name FROM publication_author a WHERE a.publication_id = p.id ORDER BY position)), ''),
           p.venue || ' ' || p.venue_short || ' ' || coalesce(p.year, '') || ' ' || p.keywords || ' ' || p.doi || ' ' ||
           p.arxiv || ' ' || p.institution || ' ' || p.publisher || ' ' || p.abstract || ' ' ||
           coalesce((SELECT group_concat(text, ' ') FROM search_translation t WHERE t.item = 'publication' AND t.key = p.slug), '')
    FROM publication p
    UNION ALL
    SELECT 'post', s.slug, s.title, '',
           s.body || ' ' || coalesce((SELECT group_concat(tag, ' ') FROM post_tag WHERE post_slug = s.slug), '') || ' ' ||
           coalesce((SELECT group_concat(text, ' ') FROM search_translation t WHERE t.item = 'post' AND t.key = s.slug), '')
    FROM post s WHERE s.status = 'published'
    UNION ALL
    SELECT 'news', CAST(n.id AS TEXT), n.date, '',
           n.markdown || ' ' || coalesce((SELECT group_concat(text, ' ') FROM search_translation t
                                          WHERE t.item = 'news' AND t.key = CAST(n.id AS TEXT)), '')
    FROM news n
    UNION ALL
    SELECT 'talk', CAST(k.id AS TEXT), k.title, '',
           k.event || ' ' || k.place || ' ' || k.date || ' ' || k.abstract || ' ' ||
           coalesce((SELECT group_concat(text, ' ') FROM search_translation t
                     WHERE t.item = 'talk' AND t.key = CAST(k.id AS TEXT)), '')
    FROM talk k
    UNION ALL
    SELECT 'project', j.slug, j.title, '',
           j.summary || ' ' || j.markdown || ' ' ||
           coalesce((SELECT group_concat(text, ' ') FROM search_translation t WHERE t.item = 'project' AND t.key = j.slug), '')
    FROM project j
    UNION ALL
    SELECT 'page', g.slug, g.title, '',
           g.body || ' ' ||
           coalesce((SELECT group_concat(text, ' ') FROM search_translation t WHERE t.item = 'page' AND t.key = g.slug), '')
    FROM page g
    UNION ALL
    SELECT 'bio', '', f.name, f.job_title || ' ' || f.affiliation,
           coalesce((SELECT group_concat(markdown, ' ') FROM (SELECT markdown FROM profile_paragraph ORDER BY position)), '') ||
           ' ' || coalesce((SELECT group_concat(text, ' ') FROM search_translation t WHERE t.item = 'bio'), '')
    FROM profile f;
CREATE TRIGGER search_refresh AFTER INSERT ON search_stale BEGIN
    DELETE FROM search WHERE rowid IN (SELECT id FROM search_doc WHERE kind = NEW.kind AND key = NEW.key);
    DELETE FROM search_cjk WHERE rowid IN (SELECT id FROM search_doc WHERE kind = NEW.kind AND key = NEW.key);
    DELETE FROM search_doc WHERE kind = NEW.kind AND key = NEW.key;
    INSERT INTO search_doc (kind, key) SELECT kind, key FROM search_source WHERE kind = NEW.kind AND key = NEW.key;
    INSERT INTO search (rowid, title, authors, body)
        SELECT d.id, s.title, s.authors, s.body FROM search_source s JOIN search_doc d ON d.kind = s.kind AND d.key = s.key
        WHERE s.kind = NEW.kind AND s.key = NEW.key;
    INSERT INTO search_cjk (rowid, title, authors, body)
        SELECT d.id, s.title, s.authors, s.body FROM search_source s JOIN search_doc d ON d.kind = s.kind AND d.key = s.key
        WHERE s.kind = NEW.kind AND s.key = NEW.key
          AND s.title || s.authors || s.body GLOB '*[぀-ヿ㐀-䶿一-鿿가-힯ｦ-ﾟ]*';
    DELETE FROM search_stale;
END;
CREATE TRIGGER search_translation_insert AFTER INSERT ON translation BEGIN
    INSERT INTO search_stale SELECT CASE WHEN NEW.item IN ('paragraph', 'profile') THEN 'bio' ELSE NEW.item END,
        CASE WHEN NEW.item IN ('paragraph', 'profile') THEN '' ELSE NEW.key END
        WHERE NEW.item IN ('publication', 'post', 'news', 'talk', 'project', 'page', 'profile', 'paragraph');
END;
CREATE TRIGGER search_translation_update AFTER UPDATE ON translation BEGIN
    INSERT INTO search_stale SELECT CASE WHEN OLD.item IN ('paragraph', 'profile') THEN 'bio' ELSE OLD.item END,
        CASE WHEN OLD.item IN ('paragraph', 'profile') THEN '' ELSE OLD.key END
        WHERE OLD.item IN ('publication', 'post', 'news', 'talk', 'project', 'page', 'profile', 'paragraph');
    INSERT INTO search_stale SELECT CASE WHEN NEW.item IN ('paragraph', 'profile') THEN 'bio' ELSE NEW.item END,
        CASE WHEN NEW.item IN ('paragraph', 'profile') THEN '' ELSE NEW.key END
        WHERE NEW.item IN ('publication', 'post', 'news', 'talk', 'project', 'page', 'profile', 'paragraph');
END;
CREATE TRIGGER search_translation_delete AFTER DELETE ON translation BEGIN
    INSERT INTO search_stale SELECT CASE WHEN OLD.item IN ('paragraph', 'profile') THEN 'bio' ELSE OLD.item END,
        CASE WHEN OLD.item IN ('paragraph', 'profile') THEN '' ELSE OLD.key END
        WHERE OLD.item IN ('publication', 'post', 'news', 'talk', 'project', 'page', 'profile', 'paragraph');
END;
CREATE TRIGGER search_page_insert AFTER INSERT ON page BEGIN INSERT INTO search_stale VALUES ('page', NEW.slug); END;
CREATE TRIGGER search_page_update AFTER UPDATE ON page BEGIN
    INSERT INTO search_stale VALUES ('page', OLD.slug);
    INSERT INTO search_stale SELECT 'page', NEW.slug WHERE NEW.slug <> OLD.slug;
END;
CREATE TRIGGER search_page_delete AFTER DELETE ON page BEGIN INSERT INTO search_stale VALUES ('page', OLD.slug); END;
INSERT INTO search_stale SELECT kind, key FROM search_source;

-- v13: an uploaded PDF's accessibility, read by qpdf when it is added
-- (core/picture/pdf_facts.hpp): whether it is tagged, its /Lang, its title,
-- whether its text can be extracted. A PDF stored before has pdf_read 0:
-- `vitae check` asks to add it again.
ALTER TABLE file ADD COLUMN pdf_read   INTEGER NOT NULL DEFAULT 0 CHECK (pdf_read IN (0, 1));
ALTER TABLE file ADD COLUMN pdf_tagged INTEGER NOT NULL DEFAULT 0 CHECK (pdf_tagged IN (0, 1));
ALTER TABLE file ADD COLUMN pdf_lang   TEXT NOT NULL DEFAULT '';
ALTER TABLE file ADD COLUMN pdf_title  TEXT NOT NULL DEFAULT '';
ALTER TABLE file ADD COLUMN pdf_text   INTEGER NOT NULL DEFAULT 0 CHECK (pdf_text IN (0, 1));
