#!/bin/sh
# A fake solver that never answers; its child sleeps too, so the whole process group must be killed.
sleep 300 &
sleep 300
