#include "store/model/publication_identity.hpp"

namespace vitae {

WorkForm work_form(PublicationKind kind) {
    switch (kind) {
        case PublicationKind::preprint:
            return WorkForm::preprint;
        case PublicationKind::dataset:
        case PublicationKind::software:
            return WorkForm::data;
        case PublicationKind::conference:
        case PublicationKind::journal:
        case PublicationKind::book:
        case PublicationKind::chapter:
        case PublicationKind::thesis:
        case PublicationKind::report:
        case PublicationKind::proceedings:
        case PublicationKind::patent:
        case PublicationKind::other:
            break;
    }
    return WorkForm::text;
}

WorkIdentity identity_of(const Publication& p, std::span<const std::string> versions) {
    return identity_of(WorkRecord{.doi = p.doi,
                                  .arxiv = p.arxiv,
                                  .title = p.title,
                                  .year = p.year,
                                  .form = work_form(p.kind),
                                  .versions = versions});
}

}  // namespace vitae
