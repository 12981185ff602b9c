// A user row of the accounts database as the editor sees it.
#pragma once

#include "auth/accounts.hpp"
#include "store/auth/user_rows.hpp"

namespace vitae {

inline AccountUser to_user(const UserRow& row) {
    return {.id = row.id, .name = row.name, .admin = row.admin, .sites = row.sites};
}

}  // namespace vitae
