-- Vitae content: the seed page (tests/fixtures/homepage.txt) as rows of
-- schema version 1. Apply after data/schema.sql. Order is the seed's order;
-- url '' marks a link the seed names without giving a target. The seed's
-- fourth bio paragraph (e-mails and profiles) is not stored as text: the
-- home template builds it from profile_email and profile_link.
BEGIN;

-- affiliation and job title: from the first bio sentence ("an applied research
-- scientist at NVIDIA ADLR").
INSERT INTO profile (id, name, affiliation, job_title)
    VALUES (1, 'Haoran Zhang', 'NVIDIA ADLR', 'Applied Research Scientist');

-- Plain sentences; the one word in Chinese says so (<span lang="zh">), as the
-- accessibility rules ask of text in another script than the page's.
INSERT INTO profile_paragraph (position, markdown) VALUES
 (1, 'I am a Byzantine general now chasing gradients, or, technically, an applied research scientist at NVIDIA ADLR. Previously, I was a research scientist at Meta AI and Systems Co-design.'),
 (2, 'I obtained my Ph.D. in Computer Science from University of Pennsylvania, where I was co-advised by Vincent Liu and Sebastian Angel. Before Penn, I earned a B.E. in Computer Science from Tsinghua University.'),
 (3, 'I''m allergic to cats, but the advent of CaaS (Cat-as-a-Service) has made cloud petting possible. <span lang="zh">瓜皮</span> (➔) is my favorite.');

INSERT INTO profile_email (position, address, label) VALUES
 (1, 'haoranz [at] nvidia [dot] com', 'business'),
 (2, 'contact [at] this domain', 'personal');

INSERT INTO profile_link (position, label, url) VALUES
 (1, 'GitHub', ''),
 (2, 'LinkedIn', ''),
 (3, 'Google Scholar', '');

INSERT INTO education (position, start_year, end_year, degree, institution) VALUES
 (1, 2019, 2024, 'Ph.D. in Computer Science', 'University of Pennsylvania'),
 (2, 2014, 2019, 'B.E. in Computer Science', 'Tsinghua University'),
 (3, 2011, 2014, '', 'Shanghai Qibao High School');

-- Listed on the page but not written yet, hence the empty body.
INSERT INTO post (slug, title, published, body) VALUES
 ('linear-attention-visualized', 'Linear Attention, Visualized', '2026-07-25', '');

-- id = position, so the child rows below read in page order.
INSERT INTO publication (id, slug, position, kind, title, venue, year) VALUES
 (1, 'causalmesh', 1, 'conference', 'CausalMesh: A Causal Cache for Stateful Serverless Computing', 'VLDB', 2025),
 (2, 'beaver', 2, 'conference', 'Beaver: Practical Partial Snapshots for Distributed Cloud Services', 'OSDI', 2024),
 (3, 'mucache', 3, 'conference', 'Mucache: a General Framework for Caching in Microservice Graphs', 'NSDI', 2024),
 (4, 'xfaas', 4, 'conference', 'XFaaS: Hyperscale and Low Cost Serverless Functions at Meta', 'SOSP', 2023),
 (5, 'microservice-applications-on-serverless', 5, 'conference', 'Executing Microservice Applications on Serverless, Correctly', 'POPL', 2023),
 (6, 'fault-tolerant-serverless-workflows', 6, 'conference', 'Fault-tolerant and Transactional Stateful Serverless Workflows', 'OSDI', 2020),
 (7, 'oct-macular-diagnosis', 7, 'journal', 'Automatic diagnosis of macular diseases from OCT volume based on its two-dimensional feature map and convolutional neural network with attention mechanism', 'JBO', 2020),
 (8, 'oneflow', 8, 'preprint', 'OneFlow: Redesign the Distributed Deep Learning Framework from Scratch', '', NULL);

INSERT INTO publication_author (publication_id, position, name, is_owner, equal_contribution) VALUES
 (1, 1, 'Haoran Zhang', 1, 0),
 (1, 2, 'Shuai Mu', 0, 0),
 (1, 3, 'Sebastian Angel', 0, 0),
 (1, 4, 'Vincent Liu', 0, 0),

 (2, 1, 'Liangcheng Yu', 0, 0),
 (2, 2, 'Xiao Zhang', 0, 0),
 (2, 3, 'Haoran Zhang', 1, 0),
 (2, 4, 'John Sonchack', 0, 0),
 (2, 5, 'Dan R. K. Ports', 0, 0),
 (2, 6, 'Vincent Liu', 0, 0),

 (3, 1, 'Haoran Zhang', 1, 1),
 (3, 2, 'Konstantinos Kallas', 0, 1),
 (3, 3, 'Spyros Pavlatos', 0, 0),
 (3, 4, 'Rajeev Alur', 0, 0),
 (3, 5, 'Sebastian Angel', 0, 0),
 (3, 6, 'Vincent Liu', 0, 0),

 (4, 1, 'Alireza Sahraei', 0, 0),
 (4, 2, 'Soteris Demetriou', 0, 0),
 (4, 3, 'Amirali Sobhgol', 0, 0),
 (4, 4, 'Haoran Zhang', 1, 0),
 (4, 5, 'Abhigna Nagaraja', 0, 0),
 (4, 6, 'Neeraj Pathak', 0, 0),
 (4, 7, 'Girish Joshi', 0, 0),
 (4, 8, 'Carla Souza', 0, 0),
 (4, 9, 'Bo Huang', 0, 0),
 (4, 10, 'Wyatt Cook', 0, 0),
 (4, 11, 'Andrii Golovei', 0, 0),
 (4, 12, 'Pradeep Venkat', 0, 0),
 (4, 13, 'Andrew McFague', 0, 0),
 (4, 14, 'Dimitrios Skarlatos', 0, 0),
 (4, 15, 'Vipul Patel', 0, 0),
 (4, 16, 'Ravinder Thind', 0, 0),
 (4, 17, 'Ernesto Gonzalez', 0, 0),
 (4, 18, 'Yun Jin', 0, 0),
 (4, 19, 'Chunqiang Tang', 0, 0),

 (5, 1, 'Konstantinos Kallas', 0, 1),
 (5, 2, 'Haoran Zhang', 1, 1),
 (5, 3, 'Rajeev Alur', 0, 0),
 (5, 4, 'Sebastian Angel', 0, 0),
 (5, 5, 'Vincent Liu', 0, 0),

 (6, 1, 'Haoran Zhang', 1, 0),
 (6, 2, 'Adney Cardoza', 0, 0),
 (6, 3, 'Peter Baile Chen', 0, 0),
 (6, 4, 'Sebastian Angel', 0, 0),
 (6, 5, 'Vincent Liu', 0, 0),

 (7, 1, 'Yankui Sun', 0, 0),
 (7, 2, 'Haoran Zhang', 1, 0),
 (7, 3, 'Xianlin Yao', 0, 0),

 (8, 1, 'Jinhui Yuan', 0, 0),
 (8, 2, 'Xinqi Li', 0, 0),
 (8, 3, 'Cheng Cheng', 0, 0),
 (8, 4, 'Juncheng Liu', 0, 0),
 (8, 5, 'Ran Guo', 0, 0),
 (8, 6, 'Shenghang Cai', 0, 0),
 (8, 7, 'Chi Yao', 0, 0),
 (8, 8, 'Fei Yang', 0, 0),
 (8, 9, 'Xiaodong Yi', 0, 0),
 (8, 10, 'Chuan Wu', 0, 0),
 (8, 11, 'Haoran Zhang', 1, 0),
 (8, 12, 'Jie Zhao', 0, 0);

INSERT INTO publication_link (publication_id, position, label, url) VALUES
 (1, 1, 'PDF', ''),
 (1, 2, 'Code', ''),
 (1, 3, 'Perspective by Phil Bernstein', ''),
 (2, 1, 'PDF', ''),
 (2, 2, 'Code', ''),
 (3, 1, 'PDF', ''),
 (3, 2, 'Code', ''),
 (4, 1, 'PDF', ''),
 (5, 1, 'PDF', ''),
 (5, 2, 'Code', ''),
 (6, 1, 'PDF', ''),
 (6, 2, 'Code', ''),
 (6, 3, 'Extended Report', ''),
 (7, 1, 'PDF', ''),
 (8, 1, 'PDF', ''),
 (8, 2, 'Code', '');

INSERT INTO publication_award (publication_id, position, name) VALUES
 (1, 1, 'Best Paper Award Nominee'),
 (1, 2, 'ACM SIGMOD Research Highlight Award');

INSERT INTO teaching (position, course, title, term, role) VALUES
 (1, 'CIS 455/555', 'Internet and Web Systems', 'Spring 2022', 'Teaching Assistant'),
 (2, 'CIS 548', 'Operating Systems Design and Implementation', 'Spring 2021', 'Teaching Assistant');

INSERT INTO service (position, role, venue) VALUES
 (1, 'Program Committee', 'APSys 2025'),
 (2, 'Artifact Evaluation Committee', 'SOSP 2021');

INSERT INTO experience (position, organization, location, role, start_month, end_month) VALUES
 (1, 'Meta', 'Bellevue, WA, USA', 'Research Scientist', '2024-07', '2026-02'),
 (2, 'Meta', 'Bellevue, WA, USA', 'SDE Intern', '2023-05', '2023-08'),
 (3, 'Meta', 'Bellevue, WA, USA', 'SDE Intern', '2022-05', '2022-08'),
 (4, 'ByteDance', 'Seattle, WA, USA', 'Research Intern', '2021-05', '2021-08'),
 (5, 'ByteDance', 'Beijing, China', 'SDE Intern', '2019-03', '2019-06'),
 (6, 'New York University', 'New York, NY, USA', 'Research Assistant', '2018-06', '2018-09'),
 (7, 'Microsoft Research Asia (MSRA)', 'Beijing, China', 'Research Intern', '2016-10', '2016-12');

COMMIT;
