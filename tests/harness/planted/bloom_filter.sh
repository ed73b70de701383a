# Planted bugs and property violations of bloom_filter: edits a careless hand-optimisation of its
# generated RTL could make. Sourced by tests/harness/planted.sh: in mode `bugs` each `bug` must
# make `warpforge equiv --rtl` report a mismatch, in mode `violations` each `violation` must
# make `warpforge prove --rtl` report the named property violated. Forms:
#   bug NAME FILE SED [--param k=v ...]  FILE of the preset's configurations (default) or
#                                        generated with those parameters
#   violation NAME FILE PROPERTY SED [--param k=v ...]
#                                        FILE generated with those parameters (default: preset)
# $q is a single quote (for Verilog literals inside double-quoted sed expressions).
# The catalogue of every registered block must plant at least one of each.
# The default preset has no SyncMon: the plants are made in the tiny filters (2 filters of 8
# bits, 2 hashes, 4-bit values), which fill and saturate within a few inserts, and in the
# paper's (512 x 24 bits, 6 hashes; the block's defaults).
bloom_tiny=bloom_filter_f2_m8_k2_v4_c2_h1.v
bloom_paper=bloom_filter_f512_m24_k6_v32_c2_h1.v

# The saturation test dropped: the count wraps from 3 to 0.
bug bloom_count_wraps $bloom_tiny \
  "s/wire bump = insert_q \&\& !present \&\& old_count != COUNT_MAX;/wire bump = insert_q \&\& !present;/" \
  --corner tiny
# Present when any bit of the value is set, not every one.
bug bloom_any_bit_present $bloom_tiny \
  "s/wire present = (old_bits \& mask_q) == mask_q;/wire present = |(old_bits \& mask_q);/" \
  --corner tiny
# The valid bit ignored: a cleared (or never written) filter reads the RAM's stale word.
bug bloom_stale_after_clear $bloom_tiny \
  "s/wire held = in_range \&\& valid_q\[filter_q\];/wire held = in_range;/" --corner tiny
# An insert writes only its own bits back, losing the values inserted before.
bug bloom_write_drops_bits $bloom_paper \
  "s/wdata = {new_count, old_bits | mask_q};/wdata = {new_count, mask_q};/" \
  --param bloom_filters=512

# The count wraps at saturation.
violation bloom_count_wraps $bloom_tiny count_saturates \
  "s/wire bump = insert_q \&\& !present \&\& old_count != COUNT_MAX;/wire bump = insert_q \&\& !present;/" \
  --corner tiny
# Present when any bit is set.
violation bloom_any_bit_present $bloom_tiny present_iff_every_bit \
  "s/wire present = (old_bits \& mask_q) == mask_q;/wire present = |(old_bits \& mask_q);/" \
  --corner tiny
# An insert loses the bits of earlier values (false negatives).
violation bloom_write_drops_bits $bloom_tiny insert_keeps_every_bit \
  "s/wdata = {new_count, old_bits | mask_q};/wdata = {new_count, mask_q};/" --corner tiny
# A clear that does not empty its filter.
violation bloom_clear_keeps_valid $bloom_tiny valid_bits_follow_ops \
  "s/if (busy_q \&\& in_range \&\& clear_q) valid_q\[filter_q\] <= 1${q}b0;/if (1${q}b0) valid_q[filter_q] <= 1${q}b0;/" \
  --corner tiny
# The write enable shared by every answer: a query writes its value's bits.
violation bloom_query_writes $bloom_tiny only_inserts_write \
  "s/    we = answer \&\& insert_q;/    we = answer;/" --corner tiny
# A hash dropped: the value sets one bit fewer.
violation bloom_hash_dropped $bloom_tiny mask_is_hash \
  "/req_mask\[req_prod_1\[HASH_BITS +: INDEX_BITS\]\] = 1${q}b1;/d" --corner tiny
