# Planted bugs and property violations of syncmon_cache: edits a careless hand-optimisation of
# its generated RTL could make. Sourced by tests/harness/planted.sh: in mode `bugs` each `bug`
# must make `warpforge equiv --rtl` report a mismatch, in mode `violations` each `violation`
# must make `warpforge prove --rtl` report the named property violated. Forms:
#   bug NAME FILE SED [--param k=v ...]  FILE of the preset's configurations (default) or
#                                        generated with those parameters
#   violation NAME FILE PROPERTY SED [--param k=v ...]
#                                        FILE generated with those parameters (default: preset)
# $q is a single quote (for Verilog literals inside double-quoted sed expressions).
# The catalogue of every registered block must plant at least one of each.
# No preset has a SyncMon yet: every plant is made in the tiny cache (2 sets x 2 ways, 4 WG-list
# entries), full most of the time.
syncmon_tiny=syncmon_cache_s2_w2_e4_a3_v2_g2_h1.v

# A new condition always takes the last way, overwriting a condition that has waiters.
bug syncmon_evicts_waiters $syncmon_tiny \
  "s/        free_way = w_lookup;/        free_way = WAYS - 1;/" --corner tiny
# Resume one does not write the new head back: the same waiter resumes again.
bug syncmon_head_not_advanced $syncmon_tiny \
  "s/row_d\[pop_base + HEAD_LSB +: PTR_BITS\] = next_rd_q;/row_d = row_q;/" --corner tiny
# A resumed waiter's entry never returns to the free list (a leak: the list fills up early).
bug syncmon_leaks_entries $syncmon_tiny \
  "s/free_head_d = head_q;/free_head_d = free_head_q;/" --corner tiny
# The WG list's limit ignored: a waiter is accepted with no free entry.
bug syncmon_list_overflows $syncmon_tiny \
  "s/wire full = used_q == ENTRIES_USED || (!hit \&\& set_full);/wire full = !hit \&\& set_full;/" \
  --corner tiny

# A waiter refused only for want of a way, never of a WG-list entry.
violation syncmon_list_limit_ignored $syncmon_tiny full_exactly_at_limits \
  "s/wire full = used_q == ENTRIES_USED || (!hit \&\& set_full);/wire full = !hit \&\& set_full;/" \
  --corner tiny
# A resumed waiter's entry stays counted as in use.
violation syncmon_pop_not_counted $syncmon_tiny waiters_counted \
  "s/used_d = used_q - ONE_USED;/used_d = used_q;/" --corner tiny
# An update reported as meeting a condition the cache does not hold.
violation syncmon_update_always_hits $syncmon_tiny hit_is_cached \
  "s/assign resp_hit_o = state_q == LOOKUP \&\& hit;/assign resp_hit_o = state_q == LOOKUP \&\& (hit || update_q);/" \
  --corner tiny
# The lookup loop turned around: a new condition takes the highest free way. Invisible at the
# ports (which way holds a condition), so equivalence cannot see it; the property does.
violation syncmon_highest_free_way $syncmon_tiny new_condition_takes_lowest_free_way \
  "s/for (w_lookup = WAYS - 1; w_lookup >= 0; w_lookup = w_lookup - 1) begin/for (w_lookup = 0; w_lookup < WAYS; w_lookup = w_lookup + 1) begin/" \
  --corner tiny
# A hash row dropped: the set index ignores the key.
violation syncmon_hash_dropped $syncmon_tiny set_is_hash \
  "s/assign req_set\[0\] = ^(hash_key \& 3${q}h3);/assign req_set[0] = 1${q}b0;/" --corner tiny
