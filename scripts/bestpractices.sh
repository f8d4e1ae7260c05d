#!/usr/bin/env bash
# The best-practices pass of the test command (rule W3): a short second run
# of the renderer's GPU tests with the validation layer's best-practices and
# synchronization checks on. Any message fails, except the two notes about
# debugging itself that renderer/vulkan accepts (acceptedNotes:
# VK_EXT_debug_report is a special-use, deprecated extension). Run by
# scripts/test.sh, which starts the display and sets the driver.
set -euo pipefail
cd "$(dirname "$0")/.."
VK_LAYER_ENABLES=VK_VALIDATION_FEATURE_ENABLE_BEST_PRACTICES_EXT:VK_VALIDATION_FEATURE_ENABLE_SYNCHRONIZATION_VALIDATION_EXT \
  go test -count=1 -run "${BESTPRACTICES_RUN:-TestW3_|TestE4_|TestW5_|TestW12_|TestG2_|TestG10_|TestG13_|TestG14_|TestE6_|TestM4_|TestG21_|TestG22_Golden|TestG22_MultisampledFrames}" ./renderer/vulkan
